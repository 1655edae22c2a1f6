import { todayInLondon } from "../../common/dates";
import { type PotentialMatch, requesterShiftIssue } from "../../common/swaps";
import { shiftWindow, swapWarnings, type WtrLimits } from "../../common/working-time";
import type { Db } from "../db/open";
import type { UserRow } from "../db/schema";
import { conflict, notFound } from "../errors";
import { SHIFT_NOT_FOUND } from "./kernel";
import { matchesWithShifts } from "./match-queries";
import { shiftOfUser } from "./shift-queries";

/**
 * DESIGN §5.9: same-grade clinicians with an Available Off Day on the shift's date, each with
 * what taking the shift would do to their rest; colleagues without warnings first. Two queries in
 * all (the shift, then the matches with their return shifts and working-time windows).
 */
export async function findMatches(
  db: Db,
  me: UserRow,
  shiftId: number,
  limits: WtrLimits | null,
): Promise<PotentialMatch[]> {
  const shift = await shiftOfUser(db, shiftId, me.id);
  if (!shift) throw notFound(SHIFT_NOT_FOUND);
  const today = todayInLondon();
  const issue = requesterShiftIssue(shift, today);
  if (issue) throw conflict(issue, "shiftId");
  const focus = { from: shift.date, to: shift.date };
  const rows = await matchesWithShifts(db, me, shift.date, today, limits ? shiftWindow(focus, limits) : null);
  const taken = { date: shift.date, shiftType: shift.shiftType, startTime: shift.startTime, endTime: shift.endTime };
  const matches = rows.map((r) => {
    const before = r.window;
    // Their Available Off Day is a rest day or no entry; taking the shift puts it on that day.
    const after = [...before.filter((s) => s.date !== shift.date || s.shiftType !== "rest_day"), taken];
    const warnings = limits
      ? swapWarnings({ requester: { before: [], after: [] }, responder: { before, after } }, focus, limits)
      : [];
    return {
      user: r.user,
      availability: r.availability,
      seekingCoverageShifts: r.returns,
      warnings,
    };
  });
  // Stable: within each group the query's order (own hub first, then by name) stays.
  return [...matches.filter((m) => m.warnings.length === 0), ...matches.filter((m) => m.warnings.length > 0)];
}
