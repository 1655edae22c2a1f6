import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type HubCount, hubPageQuerySchema, hubParamSchema, hubRangeSchema } from "../../common/hub-listing";
import { currentUser, requireUser } from "../auth/guard";
import { hubListing } from "./service";

/** The same request with `after` set to the next page's cursor (RFC 8288 `Link`, rel="next"). */
function nextLink(url: string, cursor: string): string {
  const next = new URL(url, "http://localhost");
  next.searchParams.set("after", cursor);
  return `<${next.pathname}${next.search}>; rel="next"`;
}

export async function hubRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const listing = hubListing(db, config.hubCacheMs);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/users/hub/:hub",
    { onRequest: requireUser, schema: { params: hubParamSchema, querystring: hubPageQuerySchema } },
    async (request, reply) => {
      const page = await listing.page(currentUser(request).id, request.params.hub, request.query);
      if (page.next) reply.header("link", nextLink(request.url, page.next));
      // The items are JSON text from PostgreSQL already (service.ts): sent as they are.
      return reply.type("application/json; charset=utf-8").send(page.json);
    },
  );

  r.get(
    "/api/users/hub/:hub/count",
    { onRequest: requireUser, schema: { params: hubParamSchema, querystring: hubRangeSchema } },
    async (request): Promise<HubCount> => ({
      count: await listing.count(currentUser(request).id, request.params.hub, request.query),
    }),
  );
}
