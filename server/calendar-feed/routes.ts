import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { calendarFeedSchema } from "../../common/calendar-feed";
import { currentUser, requireSignedIn } from "../auth/guard";
import { londonToday } from "../clock";
import { notFound } from "../errors";
import * as service from "./service";

const FEED_NOT_FOUND = "Calendar feed not found";

/** RFC 9110 §13.1: If-None-Match decides when sent; otherwise If-Modified-Since, to the second. */
function notModified(request: FastifyRequest, feed: service.Feed): boolean {
  const tags = request.headers["if-none-match"];
  if (tags !== undefined) {
    return tags.split(",").some((tag) => {
      const t = tag.trim();
      return t === "*" || t.replace(/^W\//, "") === feed.etag;
    });
  }
  const since = Date.parse(request.headers["if-modified-since"] ?? "");
  return !Number.isNaN(since) && Math.floor(feed.lastModified.getTime() / 1000) * 1000 <= since;
}

export async function calendarFeedRoutes(app: FastifyInstance) {
  const { db, config, clock } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The configured address when the request came through it, else the address the request used.
  const feedUrl = (request: FastifyRequest, token: string) => {
    const app = new URL(config.appUrl);
    const base = app.host === request.host ? config.appUrl : `${request.protocol}://${request.host}`;
    return { url: `${base}/calendar/${token}.ics` };
  };

  await app.register(async (signedIn) => {
    requireSignedIn(signedIn);
    const s = signedIn.withTypeProvider<ZodTypeProvider>();
    const feed = { schema: { response: { 200: calendarFeedSchema } } };
    s.get("/api/calendar-feed/token", feed, async (request) => {
      return feedUrl(request, await service.getOrCreateToken(db, currentUser(request).id));
    });
    s.post("/api/calendar-feed/token/regenerate", feed, async (request) => {
      return feedUrl(request, await service.regenerateToken(db, currentUser(request).id));
    });
  });

  // Public: calendar apps cannot sign in; the secret token is the key. Served here, not by the SPA.
  r.get("/calendar/:file", { schema: { params: z.object({ file: z.string().max(200) }) } }, async (request, reply) => {
    // Any other /calendar/... address is a screen of the app: the SPA fallback answers it.
    if (!request.params.file.endsWith(".ics")) return reply.callNotFound();
    const match = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(request.params.file);
    const feed = match ? await service.feedForToken(db, match[1], londonToday(clock)) : null;
    if (feed === null) throw notFound(FEED_NOT_FOUND);
    reply
      .header("etag", feed.etag)
      .header("last-modified", feed.lastModified.toUTCString())
      .header("cache-control", "private, max-age=300");
    if (notModified(request, feed)) return reply.code(304).send();
    return reply
      .header("content-type", "text/calendar; charset=utf-8")
      .header("content-disposition", 'inline; filename="crewswap.ics"')
      .send(feed.text);
  });
}
