import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type HubCount,
  hubCountSchema,
  hubListingItemSchema,
  hubPageQuerySchema,
  hubParamSchema,
  hubRangeSchema,
} from "../../common/hub-listing";
import { currentUser, requireSignedIn } from "../auth/guard";
import { londonToday } from "../clock";
import { hubListing } from "./service";

/** The same request with `after` set to the next page's cursor (RFC 8288 `Link`, rel="next"). */
function nextLink(url: string, cursor: string): string {
  const next = new URL(url, "http://localhost");
  next.searchParams.set("after", cursor);
  return `<${next.pathname}${next.search}>; rel="next"`;
}

export async function hubRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  const listing = hubListing(db);
  requireSignedIn(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/users/hub/:hub",
    {
      schema: {
        params: hubParamSchema,
        querystring: hubPageQuerySchema,
        // JSON text from PostgreSQL, sent as it is; tests check it against this.
        response: { 200: z.array(hubListingItemSchema) },
      },
    },
    async (request, reply) => {
      const page = await listing.page(currentUser(request).id, request.params.hub, request.query, londonToday(clock));
      if (page.next) reply.header("link", nextLink(request.url, page.next));
      // The items are JSON text from PostgreSQL already (queries.ts): sent as they are, untyped, as
      // Fastify passes a string through without serialising it.
      return (reply as FastifyReply).type("application/json; charset=utf-8").send(page.json);
    },
  );

  r.get(
    "/api/users/hub/:hub/count",
    { schema: { params: hubParamSchema, querystring: hubRangeSchema, response: { 200: hubCountSchema } } },
    async (request): Promise<HubCount> => ({
      count: await listing.count(currentUser(request).id, request.params.hub, request.query, londonToday(clock)),
    }),
  );
}
