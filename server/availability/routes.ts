import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isCalendarDay } from "../../common/dates";
import { MAX_AVAILABILITY_RANGE_DAYS } from "../../common/shift-rules";
import {
  availabilityCreateSchema,
  availabilitySchema,
  availabilityUpdateSchema,
  confirmSwapChangeQuery,
} from "../../common/shifts";
import { currentUser, requireSignedIn } from "../auth/guard";
import { coverAlertOptions } from "../config";
import { badRequest } from "../errors";
import { idParam } from "../route-params";
import * as service from "./service";

const day = (name: string) =>
  z
    .string({ message: `A ${name} date (yyyy-MM-dd) is required` })
    .refine(isCalendarDay, `The ${name} date must be a real day in yyyy-MM-dd form`);

const rangeQuery = z.object({ start: day("start"), end: day("end") });

const one = { 200: availabilitySchema };

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

export async function availabilityRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const cover = coverAlertOptions(app.deps.config, app.deps.clock);
  requireSignedIn(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/availability",
    { schema: { querystring: rangeQuery, response: { 200: z.array(availabilitySchema) } } },
    async (request) => {
      const { start, end } = request.query;
      if (end < start) throw badRequest("The end date must be on or after the start date", "end");
      if (dayNumber(end) - dayNumber(start) > MAX_AVAILABILITY_RANGE_DAYS) {
        throw badRequest("The date range can cover at most 2 years", "end");
      }
      return service.listAvailability(db, currentUser(request).id, start, end);
    },
  );

  r.post(
    "/api/availability",
    { schema: { body: availabilityCreateSchema, querystring: confirmSwapChangeQuery, response: one } },
    async (request) => {
      const { date, status } = request.body;
      const confirmed = request.query.confirmSwapChange === "true";
      return service.setAvailability(db, currentUser(request).id, date, status, cover, confirmed);
    },
  );

  r.patch(
    "/api/availability/:id",
    {
      schema: {
        params: idParam,
        body: availabilityUpdateSchema,
        querystring: confirmSwapChangeQuery,
        response: one,
      },
    },
    async (request) => {
      const { id } = request.params;
      const confirmed = request.query.confirmSwapChange === "true";
      return service.updateAvailability(db, currentUser(request).id, id, request.body.status, cover, confirmed);
    },
  );
}
