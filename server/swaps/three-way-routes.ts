import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { swapRequestSchema } from "../../common/swaps";
import { createThreeWaySwapSchema, threeWayQuerySchema, threeWaySwapListSchema } from "../../common/three-way";
import { currentUser, requireSignedIn, requireVerifiedEmail } from "../auth/guard";
import { londonToday } from "../clock";
import { rowId } from "../route-params";
import { proposeThreeWay } from "./propose-three-way";
import { findThreeWaySwaps } from "./three-way-find";

const shiftParams = z.object({ shiftId: rowId() });

/** Three-way swaps (DESIGN §5.23, issue 37): finding them for one of my needs. */
export async function threeWayRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  const limits = app.deps.config.workingTime;
  requireSignedIn(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/three-way-swaps/:shiftId",
    { schema: { params: shiftParams, querystring: threeWayQuerySchema, response: { 200: threeWaySwapListSchema } } },
    async (request) =>
      findThreeWaySwaps(
        db,
        currentUser(request),
        request.params.shiftId,
        request.query.hub,
        limits,
        londonToday(clock),
      ),
  );

  // Proposing reaches two colleagues: a proven address, as for any request.
  r.post(
    "/api/three-way-swaps",
    {
      preHandler: requireVerifiedEmail,
      schema: { body: createThreeWaySwapSchema, response: { 201: swapRequestSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await proposeThreeWay(db, currentUser(request), request.body, limits, londonToday(clock))),
  );
}
