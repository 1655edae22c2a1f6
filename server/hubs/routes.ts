import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { hubParamSchema, hubRangeSchema } from "../../common/hub-listing";
import { currentUser, requireUser } from "../auth/guard";
import { cachedHubListing } from "./service";

export async function hubRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const listHubClinicians = cachedHubListing(db, config.hubCacheMs);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/users/hub/:hub",
    { onRequest: requireUser, schema: { params: hubParamSchema, querystring: hubRangeSchema } },
    async (request) => listHubClinicians(currentUser(request).id, request.params.hub, request.query),
  );
}
