import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  agreeSchema,
  createSwapRequestSchema,
  eligibleShiftsQuerySchema,
  updateSwapRequestSchema,
} from "../../common/swaps";
import { currentUser, requireUser } from "../auth/guard";
import * as swaps from "./service";

const rowId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, "Id must be a positive whole number")
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, "Id must be a positive whole number");

const idParams = z.object({ id: rowId });
const shiftParams = z.object({ shiftId: rowId });

export async function swapRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = { onRequest: requireUser };

  r.get("/api/swap-requests", guarded, async (request) => swaps.listMine(db, currentUser(request).id));

  r.get("/api/swap-requests/open", guarded, async (request) => swaps.listOpen(db, currentUser(request)));

  r.get(
    "/api/swap-requests/eligible-shifts",
    { ...guarded, schema: { querystring: eligibleShiftsQuerySchema } },
    async (request) => swaps.eligibleShifts(db, currentUser(request).id, request.query.date),
  );

  r.get("/api/swap-requests/:id", { ...guarded, schema: { params: idParams } }, async (request) =>
    swaps.getOne(db, currentUser(request).id, request.params.id),
  );

  r.post("/api/swap-requests", { ...guarded, schema: { body: createSwapRequestSchema } }, async (request, reply) =>
    reply.code(201).send(await swaps.createRequest(db, currentUser(request), request.body)),
  );

  r.patch(
    "/api/swap-requests/:id",
    { ...guarded, schema: { params: idParams, body: updateSwapRequestSchema } },
    async (request) => swaps.updateRequest(db, currentUser(request), request.params.id, request.body),
  );

  r.delete("/api/swap-requests/:id", { ...guarded, schema: { params: idParams } }, async (request, reply) => {
    await swaps.deleteRequest(db, currentUser(request), request.params.id);
    return reply.code(204).send();
  });

  r.post(
    "/api/swap-requests/:id/agree",
    { ...guarded, schema: { params: idParams, body: agreeSchema } },
    async (request) =>
      swaps.agree(db, currentUser(request), request.params.id, request.body?.acceptedOfferShiftId ?? null),
  );

  r.post("/api/swap-requests/:id/unagree", { ...guarded, schema: { params: idParams } }, async (request) =>
    swaps.unagree(db, currentUser(request), request.params.id),
  );

  r.post("/api/swap-requests/:id/reject", { ...guarded, schema: { params: idParams } }, async (request) =>
    swaps.reject(db, currentUser(request), request.params.id),
  );

  r.post("/api/swap-requests/:id/undo-decline", { ...guarded, schema: { params: idParams } }, async (request) =>
    swaps.undoDecline(db, currentUser(request), request.params.id),
  );

  r.post("/api/swap-requests/:id/offer-to-cover", { ...guarded, schema: { params: idParams } }, async (request) =>
    swaps.offerToCover(db, currentUser(request), request.params.id),
  );

  r.get("/api/find-matches/:shiftId", { ...guarded, schema: { params: shiftParams } }, async (request) =>
    swaps.findMatches(db, currentUser(request), request.params.shiftId),
  );
}
