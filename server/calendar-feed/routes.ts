import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, requireUser } from "../auth/guard";
import { notFound } from "../errors";
import * as service from "./service";

const FEED_NOT_FOUND = "Calendar feed not found";

export async function calendarFeedRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: requireUser };

  // The configured address when the request came through it, else the address the request used.
  const feedUrl = (request: FastifyRequest, token: string) => {
    const app = new URL(config.appUrl);
    const base = app.host === request.host ? config.appUrl : `${request.protocol}://${request.host}`;
    return { url: `${base}/calendar/${token}.ics` };
  };

  r.get("/api/calendar-feed/token", auth, async (request) => {
    return feedUrl(request, await service.getOrCreateToken(db, currentUser(request).id));
  });

  r.post("/api/calendar-feed/token/regenerate", auth, async (request) => {
    return feedUrl(request, await service.regenerateToken(db, currentUser(request).id));
  });

  // Public: calendar apps cannot sign in; the secret token is the key. Served here, not by the SPA.
  r.get("/calendar/:file", { schema: { params: z.object({ file: z.string().max(200) }) } }, async (request, reply) => {
    // Any other /calendar/... address is a screen of the app: the SPA fallback answers it.
    if (!request.params.file.endsWith(".ics")) return reply.callNotFound();
    const match = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(request.params.file);
    const text = match ? await service.feedForToken(db, match[1]) : null;
    if (text === null) throw notFound(FEED_NOT_FOUND);
    return reply
      .header("content-type", "text/calendar; charset=utf-8")
      .header("content-disposition", 'inline; filename="crewswap.ics"')
      .header("cache-control", "private, max-age=300")
      .send(text);
  });
}
