import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { coverAlertListSchema } from "../../common/cover-alerts";
import {
  agreeSchema,
  createSwapRequestSchema,
  eligibleShiftsQuerySchema,
  potentialMatchSchema,
  type SwapRequest,
  swapRequestSchema,
  swapShiftSchema,
  updateKinds,
  updateSwapRequestSchema,
} from "../../common/swaps";
import { currentUser, requireSignedIn, requireVerifiedEmail } from "../auth/guard";
import { londonToday } from "../clock";
import { coverAlertOptions } from "../config";
import { idParam, rowId } from "../route-params";
import { agree } from "./agree-to-swap";
import { deleteRequest, offerToCover, reject, unagree, undoDecline, updateRequest } from "./change-swap-request";
import { listCoverAlerts } from "./cover-alerts";
import { createRequest } from "./create-swap-request";
import { findMatchesJson, matchCache } from "./find-matches";
import { eligibleShifts, getOne, listMineWithWarnings, listOpen, swapListCache } from "./read-swap-requests";
import { withWarnings, withWarningsOne } from "./swap-warnings";

const idParams = idParam;
const shiftParams = z.object({ shiftId: rowId() });
const itemResponse = { 200: swapRequestSchema };
const listResponse = { 200: z.array(swapRequestSchema) };

// size: the route table, one short declaration per endpoint in the API's order; the rules are in the services.
export async function swapRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  const limits = app.deps.config.workingTime;
  const cover = coverAlertOptions(app.deps.config, clock);
  const matches = matchCache(db);
  const swapLists = swapListCache(db);
  // Every request leaves with what completing it would do to the parties' rest, as of now (a three-way
  // party's own side only: each of the three acknowledges their own).
  const listWithWarnings = async (p: Promise<SwapRequest[]>, viewerId: number) =>
    withWarnings(db, limits, await p, viewerId);
  const itemWithWarnings = async (p: Promise<SwapRequest>, viewerId: number) =>
    withWarningsOne(db, limits, await p, viewerId);
  requireSignedIn(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Asking, offering and changing what a colleague is offered need a proven address.
  const verified = { preHandler: requireVerifiedEmail };

  r.get("/api/swap-requests", { schema: { response: listResponse } }, async (request) =>
    listMineWithWarnings(db, currentUser(request).id, limits, swapLists),
  );

  r.get("/api/cover-alerts", { schema: { response: { 200: coverAlertListSchema } } }, async (request) =>
    listCoverAlerts(db, currentUser(request), londonToday(clock)),
  );

  r.get("/api/swap-requests/open", { schema: { response: listResponse } }, async (request) =>
    listWithWarnings(listOpen(db, currentUser(request), londonToday(clock)), currentUser(request).id),
  );

  r.get(
    "/api/swap-requests/eligible-shifts",
    { schema: { querystring: eligibleShiftsQuerySchema, response: { 200: z.array(swapShiftSchema) } } },
    async (request) => eligibleShifts(db, currentUser(request).id, londonToday(clock), request.query.date),
  );

  r.get("/api/swap-requests/:id", { schema: { params: idParams, response: itemResponse } }, async (request) =>
    itemWithWarnings(getOne(db, currentUser(request).id, request.params.id), currentUser(request).id),
  );

  r.post(
    "/api/swap-requests",
    { ...verified, schema: { body: createSwapRequestSchema, response: { 201: swapRequestSchema } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await itemWithWarnings(
            createRequest(db, currentUser(request), request.body, cover, clock.now()),
            currentUser(request).id,
          ),
        ),
  );

  r.patch(
    "/api/swap-requests/:id",
    {
      schema: { params: idParams, body: updateSwapRequestSchema, response: itemResponse },
      // Cancelling or ticking GRS stays possible; a new responder or new offers reach a colleague.
      preHandler: async (request, reply) => {
        if (updateKinds(request.body).includes("edit")) await requireVerifiedEmail(request, reply);
      },
    },
    async (request) =>
      itemWithWarnings(
        updateRequest(db, currentUser(request), request.params.id, request.body, cover, clock.now()),
        currentUser(request).id,
      ),
  );

  r.delete(
    "/api/swap-requests/:id",
    { schema: { params: idParams, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await deleteRequest(db, currentUser(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    "/api/swap-requests/:id/agree",
    { schema: { params: idParams, body: agreeSchema, response: itemResponse } },
    async (request) =>
      itemWithWarnings(
        agree(db, currentUser(request), request.params.id, {
          acceptedOfferShiftId: request.body?.acceptedOfferShiftId ?? null,
          acknowledgeWarnings: request.body?.acknowledgeWarnings === true,
          limits,
          cover,
          now: clock.now(),
        }),
        currentUser(request).id,
      ),
  );

  r.post("/api/swap-requests/:id/unagree", { schema: { params: idParams, response: itemResponse } }, async (request) =>
    itemWithWarnings(unagree(db, currentUser(request), request.params.id), currentUser(request).id),
  );

  r.post("/api/swap-requests/:id/reject", { schema: { params: idParams, response: itemResponse } }, async (request) =>
    itemWithWarnings(reject(db, currentUser(request), request.params.id), currentUser(request).id),
  );

  r.post(
    "/api/swap-requests/:id/undo-decline",
    { schema: { params: idParams, response: itemResponse } },
    async (request) =>
      itemWithWarnings(
        undoDecline(db, currentUser(request), request.params.id, londonToday(clock)),
        currentUser(request).id,
      ),
  );

  r.post(
    "/api/swap-requests/:id/offer-to-cover",
    { ...verified, schema: { params: idParams, response: itemResponse } },
    async (request) =>
      itemWithWarnings(
        offerToCover(db, currentUser(request), request.params.id, londonToday(clock)),
        currentUser(request).id,
      ),
  );

  r.get(
    "/api/find-matches/:shiftId",
    // Kept lists are JSON text already, sent untouched (Fastify passes a string through without
    // serialising it); tests check it against this.
    { schema: { params: shiftParams, response: { 200: z.array(potentialMatchSchema) } } },
    async (request, reply) => {
      const json = await findMatchesJson(
        db,
        currentUser(request),
        request.params.shiftId,
        limits,
        matches,
        londonToday(clock),
      );
      return (reply as FastifyReply).type("application/json; charset=utf-8").send(json);
    },
  );
}
