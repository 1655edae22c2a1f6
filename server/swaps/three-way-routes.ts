import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { threeWayQuerySchema, threeWaySwapListSchema } from "../../common/three-way";
import { currentUser, requireSignedIn } from "../auth/guard";
import { rowId } from "../route-params";
import { findThreeWaySwaps } from "./three-way-find";
import { configureThreeWay } from "./three-way-windows";

const shiftParams = z.object({ shiftId: rowId() });

/** Three-way swaps (DESIGN §5.23, issue 37): finding them for one of my needs. */
export async function threeWayRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const limits = app.deps.config.workingTime;
  configureThreeWay(limits);
  requireSignedIn(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/three-way-swaps/:shiftId",
    { schema: { params: shiftParams, querystring: threeWayQuerySchema, response: { 200: threeWaySwapListSchema } } },
    async (request) => findThreeWaySwaps(db, currentUser(request), request.params.shiftId, request.query.hub, limits),
  );
}
