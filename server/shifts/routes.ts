import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  calendarDaySchema,
  clearedShiftsSchema,
  confirmSwapChangeQuery as confirmQuery,
  deletedShiftSchema,
  shiftInputSchema,
  shiftSchema,
  shiftUpdateSchema,
} from "../../common/shifts";
import { currentUser, requireSignedIn } from "../auth/guard";
import { coverAlertOptions } from "../config";
import { sendKeptJson } from "../http/compression";
import { idParam } from "../route-params";
import { shiftListCache } from "./list-cache";
import { monthSchema, yearSchema } from "./params";
import * as service from "./service";
import { toShift } from "./shift-json";

const cleared = { 200: clearedShiftsSchema };

/** Room for the lists of a few hundred clinicians (a year of shifts is about 90 KB of JSON). */
const SHIFT_CACHE_BYTES = 32 * 1024 * 1024;

/** If-None-Match may list several tags, or be `*`. */
const matchesEtag = (header: string | undefined, etag: string) =>
  header?.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*") === true;

// size: the route table, one short declaration per endpoint in the API's order; the rules are in the services.
export async function shiftRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const cover = coverAlertOptions(app.deps.config, app.deps.clock);
  const listShifts = shiftListCache(db, SHIFT_CACHE_BYTES);
  requireSignedIn(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/shifts",
    {
      schema: {
        querystring: z.object({ start: calendarDaySchema.optional(), end: calendarDaySchema.optional() }),
        // The list is JSON text from PostgreSQL (queries.ts), sent as it is; tests check it against this.
        response: { 200: z.array(shiftSchema) },
      },
    },
    async (request, typedReply) => {
      // Text is sent untyped: Fastify passes a string through without serialising it.
      const reply = typedReply as FastifyReply;
      const list = await listShifts(currentUser(request).id, request.query);
      // Browsers revalidate each time and get 304 while nothing has changed.
      reply.header("etag", list.etag).header("cache-control", "private, no-cache");
      if (matchesEtag(request.headers["if-none-match"], list.etag)) return reply.code(304).send();
      // Compressed once per version of the list, not once per request.
      return sendKeptJson(request, reply, list.json, list.compressed);
    },
  );

  r.get("/api/shifts/:id", { schema: { params: idParam, response: { 200: shiftSchema } } }, async (request) => {
    return toShift(await service.findOwnShift(db, currentUser(request).id, request.params.id));
  });

  r.post(
    "/api/shifts",
    { schema: { body: shiftInputSchema, querystring: confirmQuery, response: { 201: shiftSchema } } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const confirmed = request.query.confirmSwapChange === "true";
      const row = await service.changeCalendar(db, userId, (tx) =>
        service.createShift(tx, userId, request.body, cover, confirmed),
      );
      return reply.code(201).send(toShift(row));
    },
  );

  r.patch(
    "/api/shifts/:id",
    { schema: { params: idParam, body: shiftUpdateSchema, querystring: confirmQuery, response: { 200: shiftSchema } } },
    async (request) => {
      const userId = currentUser(request).id;
      const confirmed = request.query.confirmSwapChange === "true";
      const row = await service.changeCalendar(db, userId, (tx) =>
        service.updateShift(tx, userId, request.params.id, request.body, cover, confirmed),
      );
      return toShift(row);
    },
  );

  r.delete(
    "/api/shifts/:id",
    { schema: { params: idParam, querystring: confirmQuery, response: { 200: deletedShiftSchema } } },
    async (request) => {
      const userId = currentUser(request).id;
      const confirmed = request.query.confirmSwapChange === "true";
      const row = await service.changeCalendar(db, userId, (tx) =>
        service.deleteShift(tx, userId, request.params.id, cover, confirmed),
      );
      return { id: row.id };
    },
  );

  r.delete(
    "/api/shifts/clear/month/:year/:month",
    { schema: { params: z.object({ year: yearSchema, month: monthSchema }), response: cleared } },
    async (request) => {
      const { year, month } = request.params;
      return { deletedCount: await service.clearMonth(db, currentUser(request).id, year, month, cover) };
    },
  );

  r.delete(
    "/api/shifts/clear/year/:year",
    { schema: { params: z.object({ year: yearSchema }), response: cleared } },
    async (request) => {
      return { deletedCount: await service.clearYear(db, currentUser(request).id, request.params.year, cover) };
    },
  );
}
