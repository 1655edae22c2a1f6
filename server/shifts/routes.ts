import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { calendarDaySchema, shiftInputSchema, shiftUpdateSchema } from "../../common/shifts";
import { currentUser, requireUser } from "../auth/guard";
import { shiftListCache } from "./list-cache";
import { idParam, monthSchema, yearSchema } from "./params";
import * as service from "./service";

/** Room for the lists of a few hundred clinicians (a year of shifts is about 90 KB of JSON). */
const SHIFT_CACHE_BYTES = 32 * 1024 * 1024;

/** If-None-Match may list several tags, or be `*`. */
const matchesEtag = (header: string | undefined, etag: string) =>
  header?.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*") === true;

export async function shiftRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const listShifts = shiftListCache(db, SHIFT_CACHE_BYTES);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Signed-in check first, so a stranger learns nothing from validation answers.
  const auth = { onRequest: requireUser };

  r.get(
    "/api/shifts",
    {
      ...auth,
      schema: { querystring: z.object({ start: calendarDaySchema.optional(), end: calendarDaySchema.optional() }) },
    },
    async (request, reply) => {
      const { etag, json } = await listShifts(currentUser(request).id, request.query);
      // Browsers revalidate each time and get 304 while nothing has changed.
      reply.header("etag", etag).header("cache-control", "private, no-cache");
      if (matchesEtag(request.headers["if-none-match"], etag)) return reply.code(304).send();
      return reply.type("application/json; charset=utf-8").send(json);
    },
  );

  r.get("/api/shifts/:id", { ...auth, schema: { params: idParam } }, async (request) => {
    return service.toShift(await service.findOwnShift(db, currentUser(request).id, request.params.id));
  });

  r.post("/api/shifts", { ...auth, schema: { body: shiftInputSchema } }, async (request, reply) => {
    const userId = currentUser(request).id;
    const row = await db.transaction((tx) => service.createShift(tx, userId, request.body));
    return reply.code(201).send(service.toShift(row));
  });

  r.patch("/api/shifts/:id", { ...auth, schema: { params: idParam, body: shiftUpdateSchema } }, async (request) => {
    const userId = currentUser(request).id;
    const row = await db.transaction((tx) => service.updateShift(tx, userId, request.params.id, request.body));
    return service.toShift(row);
  });

  r.delete("/api/shifts/:id", { ...auth, schema: { params: idParam } }, async (request) => {
    const userId = currentUser(request).id;
    const row = await db.transaction((tx) => service.deleteShift(tx, userId, request.params.id));
    return { id: row.id };
  });

  r.delete(
    "/api/shifts/clear/month/:year/:month",
    { ...auth, schema: { params: z.object({ year: yearSchema, month: monthSchema }) } },
    async (request) => {
      const { year, month } = request.params;
      return { deletedCount: await service.clearMonth(db, currentUser(request).id, year, month) };
    },
  );

  r.delete(
    "/api/shifts/clear/year/:year",
    { ...auth, schema: { params: z.object({ year: yearSchema }) } },
    async (request) => {
      return { deletedCount: await service.clearYear(db, currentUser(request).id, request.params.year) };
    },
  );
}
