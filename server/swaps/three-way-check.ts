import { fullName } from "../../common/names";
import { requesterShiftIssue } from "../../common/swap-rules";
import type { CreateThreeWaySwap, ThreeWayParty, ThreeWayShift } from "../../common/three-way";
import type { WtrLimits } from "../../common/working-time-types";
import { shortDate } from "../notifications/events";
import type { Conn } from "./queries";
import { shiftsAroundDates } from "./rest-bound";
import { cycleIssue, type Need, type Person } from "./three-way-cycles";
import { offDaysAmong, type ThreeWayShiftRow, threeWayShiftRows } from "./three-way-queries";

export type ThreeWayCheck =
  | { ok: true; parties: [ThreeWayParty, ThreeWayParty, ThreeWayParty] }
  | { ok: false; status: 400 | 409; message: string };

export const NOT_YOUR_NEED = "This shift is not one you need covered";

/**
 * My need: a need of mine (a Seeking Coverage shift, or the shift of my open request) or a shift I
 * could ask a swap for now (future, unprotected, day or night): choosing it in the swap wizard, or
 * proposing the three-way swap, is the request that makes it a need.
 */
export const isMyNeed = (s: Pick<ThreeWayShiftRow, "need" | "shiftType" | "isProtected" | "date">, today: string) =>
  s.need || requesterShiftIssue(s, today) === null;

const fail = (status: 400 | 409, message: string): ThreeWayCheck => ({ ok: false, status, message });

/** A party's shift as the API shows it. */
export const threeWayShiftOf = (n: Need): ThreeWayShift => ({
  shiftId: n.shiftId,
  date: n.date,
  shiftType: n.shiftType,
  startTime: n.startTime,
  endTime: n.endTime,
});

/** Whether this proposal is well formed: my need, two others' shifts, three same-grade colleagues. */
function malformed(userId: number, [a, b, c]: (ThreeWayShiftRow | undefined)[], today: string): string | null {
  if (!a || a.ownerId !== userId || !isMyNeed(a, today)) return NOT_YOUR_NEED;
  // A colleague who has not proved their address is listed to nobody: their shift is not found.
  if (!b || !c || !b.verified || !c.verified) return "Shift not found";
  if (new Set([a.ownerId, b.ownerId, c.ownerId]).size < 3) return "A three-way swap needs three different people";
  if (b.clinicalGrade !== a.clinicalGrade || c.clinicalGrade !== a.clinicalGrade) {
    return "All three must have the same clinical grade";
  }
  return null;
}

/**
 * Is the cycle `[mine, b, c]` a three-way swap right now (issue 37): `mine` is my need, b's owner
 * can take mine, c's owner can take b, I can take c; three distinct same-grade clinicians; b and c
 * each its owner's need; no two of the three could swap directly; no new working-time warning for
 * anyone. Reads only (the caller takes its locks first), in four statements.
 *
 * 400 when the proposal itself is wrong, whatever the calendars say: not my need, a shift that is
 * not found (or whose owner is listed to nobody), the same person twice, another grade. 409 when the
 * three calendars no longer allow it, as happens to a swap listed a moment ago: a need covered or
 * withdrawn, an Available Off Day gone, a new rest warning, two of the three now able to swap directly.
 */
export async function checkThreeWay(
  tx: Conn,
  userId: number,
  shiftIds: CreateThreeWaySwap["shiftIds"],
  options: { limits: WtrLimits | null; today: string },
): Promise<ThreeWayCheck> {
  const { limits, today } = options;
  const rows = await threeWayShiftRows(tx, shiftIds, today);
  const [a, b, c] = shiftIds.map((id) => rows.find((r) => r.shiftId === id));
  const wrong = malformed(userId, [a, b, c], today);
  if (wrong || !a || !b || !c) return fail(400, wrong ?? "Shift not found");
  for (const n of [b, c]) {
    if (!n.need) return fail(409, `${fullName(n)} no longer needs ${shortDate(n.date)} covered`);
  }
  // Who might take what: each takes one need, and two more would make a direct pair.
  const takes = new Map([
    [a.ownerId, [b.date, c.date]],
    [b.ownerId, [a.date, c.date]],
    [c.ownerId, [a.date, b.date]],
  ]);
  const free = await offDaysAmong(
    tx,
    [...takes].flatMap(([id, days]) => days.map((date) => ({ userId: id, date }))),
  );
  const freeDays = (id: number) => (takes.get(id) ?? []).filter((d) => free.has(`${id}|${d}`));
  const windows = await shiftsAroundDates(tx, new Map([...takes.keys()].map((id) => [id, freeDays(id)])), limits);
  const people = new Map<number, Person>(
    [a, b, c].map((r) => [
      r.ownerId,
      {
        id: r.ownerId,
        clinicalGrade: r.clinicalGrade,
        hub: r.hub,
        offDays: new Set(freeDays(r.ownerId)),
        window: windows.get(r.ownerId) ?? [],
      },
    ]),
  );
  const issue = cycleIssue(people, { a, b, c }, limits);
  if (issue)
    return fail(issue.kind === "same_person" || issue.kind === "grade" ? 400 : 409, reason(issue, userId, rows));
  const party = (r: ThreeWayShiftRow, takes: Need): ThreeWayParty => ({
    user: { id: r.ownerId, firstName: r.firstName, lastName: r.lastName, clinicalGrade: r.clinicalGrade, hub: r.hub },
    gives: threeWayShiftOf(r),
    takes: threeWayShiftOf(takes),
  });
  return { ok: true, parties: [party(a, c), party(b, a), party(c, b)] };
}

function reason(issue: NonNullable<ReturnType<typeof cycleIssue>>, userId: number, rows: ThreeWayShiftRow[]): string {
  switch (issue.kind) {
    case "same_person":
      return "A three-way swap needs three different people";
    case "grade":
      return "All three must have the same clinical grade";
    case "direct_pair":
      return "Two of you could swap directly";
    default: {
      const row = rows.find((r) => r.ownerId === issue.who.id);
      const mine = issue.who.id === userId;
      const name = mine || !row ? "you" : fullName(row);
      return issue.kind === "not_free"
        ? `${mine ? "You are" : `${name} is`} no longer free on ${shortDate(issue.need.date)}`
        : `This swap would give ${name} a rest warning`;
    }
  }
}
