import { z } from "zod";
import { clinicalGrades, shiftTypes } from "./enums";
import { hubChoices } from "./hubs";
import { MAX_ROW_ID } from "./message-rules";

// Three-way swaps (DESIGN §5.23, issue 37): three same-grade clinicians A, B, C with needs a, b, c;
// B takes a, C takes b, A takes c. The contracts both the search and the proposal use.

const key = z.number().int();

/** One shift of a three-way swap as the API shows it. */
export const threeWayShiftSchema = z.object({
  shiftId: key,
  date: z.string(),
  shiftType: z.enum(shiftTypes),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export type ThreeWayShift = z.infer<typeof threeWayShiftSchema>;

/** One of the three: who they are, the need they give away and the need they take. */
export const threeWayPartySchema = z.object({
  user: z.object({
    id: key,
    firstName: z.string(),
    lastName: z.string(),
    clinicalGrade: z.enum(clinicalGrades),
    hub: z.string().nullable(),
  }),
  gives: threeWayShiftSchema,
  takes: threeWayShiftSchema,
});
export type ThreeWayParty = z.infer<typeof threeWayPartySchema>;

/**
 * One three-way swap: the three parties in cycle order, the asker first (A gives a, takes c; B gives
 * b, takes a; C gives c, takes b).
 */
export const threeWaySwapSchema = z.object({
  parties: z.tuple([threeWayPartySchema, threeWayPartySchema, threeWayPartySchema]),
});
export type ThreeWaySwap = z.infer<typeof threeWaySwapSchema>;

/** GET /api/three-way-swaps/{shiftId}: best first (fewest hubs crossed, then soonest dates). */
export const threeWaySwapListSchema = z.array(threeWaySwapSchema);

/** Three-way swaps listed for one need at most. */
export const THREE_WAY_LIMIT = 20;

/** `?hub=`: the hub browser's scope ('All Hubs' or one hub); without it, all hubs. */
export const threeWayQuerySchema = z.object({
  hub: z.enum(hubChoices, { error: "Please choose a hub or All Hubs" }).optional(),
});
export type ThreeWayQuery = z.infer<typeof threeWayQuerySchema>;

const SHIFT_IDS_MESSAGE = "shiftIds must be three shift ids: yours, then the two others' in swap order";
const shiftIdOf = z
  .number({ message: SHIFT_IDS_MESSAGE })
  .int(SHIFT_IDS_MESSAGE)
  .positive(SHIFT_IDS_MESSAGE)
  .max(MAX_ROW_ID, SHIFT_IDS_MESSAGE);

/**
 * Body of POST /api/three-way-swaps: `[mine, b, c]` in cycle order (b's owner takes mine, c's owner
 * takes b, I take c), three distinct shifts.
 */
export const createThreeWaySwapSchema = z.object({
  shiftIds: z
    .tuple([shiftIdOf, shiftIdOf, shiftIdOf], { message: SHIFT_IDS_MESSAGE })
    .refine((ids) => new Set(ids).size === 3, "The three shifts must be different"),
});
export type CreateThreeWaySwap = z.infer<typeof createThreeWaySwapSchema>;
