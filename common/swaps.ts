import { z } from "zod";
import { isCalendarDay } from "./dates";
import { clinicalGrades, shiftTypes, swapStatuses } from "./enums";
import { MAX_ROW_ID } from "./message-rules";
import { INTRO_MESSAGE_MAX, MAX_OFFERS, OFFER_LIMIT_MESSAGE } from "./swap-rules";
import { threeWayPartySchema } from "./three-way";
import { swapParties, type Warning } from "./working-time";
import { wtrRules } from "./working-time-types";

/** A working-time warning as responses carry it (common/working-time.ts `Warning`). */
export const warningSchema = z.object({
  rule: z.enum(wtrRules),
  party: z.enum(swapParties),
  message: z.string(),
  dates: z.array(z.string()),
}) satisfies z.ZodType<Warning>;

/** A row id in a body: past PostgreSQL's integer it is no row, and must not reach a query. */
const id = (name: string) =>
  z
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} is invalid`)
    .max(MAX_ROW_ID, `${name} is invalid`);

const offerShiftIds = z
  .array(id("offerShiftIds"), { message: "offerShiftIds must be a list of shift ids" })
  .max(MAX_OFFERS, OFFER_LIMIT_MESSAGE)
  .refine((ids) => new Set(ids).size === ids.length, "Each shift can be offered only once");

/** Body of POST /api/swap-requests. */
export const createSwapRequestSchema = z.object({
  requesterShiftId: id("requesterShiftId"),
  responderId: id("responderId").nullable().optional(),
  responderAvailabilityId: id("responderAvailabilityId").nullable().optional(),
  offerShiftIds: offerShiftIds.optional(),
  introMessage: z
    .string({ message: "introMessage must be text" })
    .max(INTRO_MESSAGE_MAX, `The message must be at most ${INTRO_MESSAGE_MAX} characters`)
    .optional(),
  // SPEC §7 sends status 'pending' with the create call; nothing else is accepted.
  status: z.literal("pending", { message: "A new swap request is always pending" }).optional(),
});
export type CreateSwapRequest = z.input<typeof createSwapRequestSchema>;

/**
 * Body of PATCH /api/swap-requests/{id}: one kind of change at a time —
 * cancel (`status: 'cancelled'`), edit (responder and/or offers), or the GRS ticks.
 */
export const updateSwapRequestSchema = z
  .object({
    status: z.literal("cancelled", { message: "Only 'cancelled' can be set here; use agree, reject or undo-decline" }),
    responderId: id("responderId").nullable(),
    responderAvailabilityId: id("responderAvailabilityId").nullable(),
    offerShiftIds,
    grsSubmitted: z.boolean({ message: "grsSubmitted must be true or false" }),
    grsApproved: z.boolean({ message: "grsApproved must be true or false" }),
  })
  .partial()
  .superRefine((v, ctx) => {
    const kinds = updateKinds(v);
    if (kinds.length === 0) ctx.addIssue({ code: "custom", message: "Nothing to change" });
    if (kinds.length > 1) {
      ctx.addIssue({ code: "custom", message: "Cancel, edit and GRS ticks are separate changes", path: ["status"] });
    }
  });
export type UpdateSwapRequest = z.input<typeof updateSwapRequestSchema>;

export type UpdateKind = "cancel" | "edit" | "grs";

export function updateKinds(v: z.input<typeof updateSwapRequestSchema>): UpdateKind[] {
  const kinds: UpdateKind[] = [];
  if (v.status !== undefined) kinds.push("cancel");
  if (v.responderId !== undefined || v.responderAvailabilityId !== undefined || v.offerShiftIds !== undefined) {
    kinds.push("edit");
  }
  if (v.grsSubmitted !== undefined || v.grsApproved !== undefined) kinds.push("grs");
  return kinds;
}

/** Body of POST …/{id}/agree; the responder may pick one offered return shift (or none). */
export const agreeSchema = z
  .object({
    acceptedOfferShiftId: id("acceptedOfferShiftId").nullable().optional(),
    /** The caller has read what the swap does to their rest and agrees anyway (DESIGN §5.18). */
    acknowledgeWarnings: z.boolean({ message: "acknowledgeWarnings must be true or false" }).optional(),
  })
  .optional()
  .nullable();

export const eligibleShiftsQuerySchema = z.object({
  date: z.string().refine(isCalendarDay, "date must be a real day in yyyy-MM-dd form").optional(),
});

// ---- Response shapes -------------------------------------------------------------------------

const key = z.number().int();

export const swapUserSchema = z.object({
  id: key,
  firstName: z.string(),
  lastName: z.string(),
  paramedicBase: z.string().nullable(),
  hub: z.string().nullable(),
  clinicalGrade: z.enum(clinicalGrades),
});
export type SwapUser = z.infer<typeof swapUserSchema>;

export const swapShiftSchema = z.object({
  id: key,
  date: z.string(),
  shiftType: z.enum(shiftTypes),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export type SwapShift = z.infer<typeof swapShiftSchema>;

export const swapOfferSchema = z.object({ shiftId: key, accepted: z.boolean(), shift: swapShiftSchema });
export type SwapOffer = z.infer<typeof swapOfferSchema>;

/** One of the three parties of a three-way request (the search's party) and whether they have agreed. */
export const threeWayRequestPartySchema = threeWayPartySchema.extend({ agreed: z.boolean() });
export type ThreeWayRequestParty = z.infer<typeof threeWayRequestPartySchema>;

/** A swap request as every endpoint returns it (DESIGN §4). */
export const swapRequestSchema = z.object({
  id: key,
  requesterId: key,
  responderId: key.nullable(),
  requesterShiftId: key,
  responderAvailabilityId: key.nullable(),
  status: z.enum(swapStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
  grsSubmitted: z.boolean(),
  grsApproved: z.boolean(),
  requesterAgreed: z.boolean(),
  responderAgreed: z.boolean(),
  requesterAgreedAt: z.string().nullable(),
  responderAgreedAt: z.string().nullable(),
  acceptedOfferShiftId: key.nullable(),
  requesterUser: swapUserSchema,
  responderUser: swapUserSchema.nullable(),
  requesterShift: swapShiftSchema,
  offers: z.array(swapOfferSchema),
  /**
   * From when the requester is offered 'Ask everyone who could cover' (48 h after the responder was
   * asked); null once the responder has answered, or when nobody was asked or the request is closed.
   */
  askEveryoneFrom: z.string().nullable(),
  /**
   * What completing the swap would do to each party's rest, recomputed on every read; empty once the
   * request is closed, and without responder warnings while nobody has responded.
   */
  warnings: z.array(warningSchema),
  /**
   * A three-way request's three parties (DESIGN §5.23), the proposer first; absent on pairwise
   * requests. Requester and responder are then its first leg: the proposer gives, the second takes.
   */
  parties: z.array(threeWayRequestPartySchema).optional(),
});
export type SwapRequest = z.infer<typeof swapRequestSchema>;

/** An item of GET /api/find-matches/{shiftId} (SPEC §3 potential match, plus return shifts). */
export const potentialMatchSchema = z.object({
  user: z.object({
    id: key,
    firstName: z.string(),
    lastName: z.string(),
    clinicalGrade: z.enum(clinicalGrades),
    hub: z.string().nullable(),
  }),
  availability: z.object({ id: key, date: z.string() }),
  seekingCoverageShifts: z.array(swapShiftSchema),
  /** What taking the shift would do to this colleague's rest (party "responder"); empty when nothing. */
  warnings: z.array(warningSchema),
});
export type PotentialMatch = z.infer<typeof potentialMatchSchema>;
