import { requesterShiftIssue } from "../../common/swap-rules";
import type { PotentialMatch } from "../../common/swaps";
import { type RuleSet, shiftWindow, swapWarnings, type Warning } from "../../common/working-time";
import type { WorkingTimeShift, WtrLimits } from "../../common/working-time-types";
import { changedSql, coherentCache } from "../db/change-log";
import type { Db } from "../db/open";
import type { UserRow } from "../db/schema";
import { conflict, notFound } from "../errors";
import { SHIFT_NOT_FOUND } from "./kernel";
import { matchesWithShifts } from "./match-queries";
import { shiftOfUser, shiftOfUserWith } from "./shift-queries";

/** Match lists kept per instance: enough for every clinician choosing a swap at once. */
const MATCH_LISTS_KEPT = 2000;

/** Kept as the JSON the route sends, so a kept list costs no serialising. */
export type MatchCache = ReturnType<typeof coherentCache<string>>;
export const matchCache = (db: Db): MatchCache => coherentCache<string>(db, MATCH_LISTS_KEPT);

type RequesterShift = NonNullable<Awaited<ReturnType<typeof shiftOfUser>>>;

/** The requester's own shift, if it can still be offered (404 and 409 otherwise). */
function offerable(shift: RequesterShift | undefined, today: string): RequesterShift {
  if (!shift) throw notFound(SHIFT_NOT_FOUND);
  const issue = requesterShiftIssue(shift, today);
  if (issue) throw conflict(issue, "shiftId");
  return shift;
}

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
  today: string,
): Promise<PotentialMatch[]> {
  return matchesOf(db, me, offerable(await shiftOfUser(db, shiftId, me.id), today), today, limits);
}

/**
 * findMatches as JSON text, kept until the change log shows a change to it (decision 016): to the
 * requester's calendar or profile, to any listed colleague's, to anyone's calendar on the shift's
 * day (who is free then), or to any profile (a colleague who takes this grade or proves their
 * address). The shift itself is read every time, so a 404 or 409 is never kept.
 */
export async function findMatchesJson(
  db: Db,
  me: UserRow,
  shiftId: number,
  limits: WtrLimits | null,
  cache: MatchCache,
  today: string,
): Promise<string> {
  // The user's grade and hub decide who is listed first: part of the key, as the day is (returns
  // are shifts after today).
  const key = `${me.id}|${me.clinicalGrade}|${me.hub}|${shiftId}|${today}`;
  const kept = cache.peek(key);
  // The shift is read every time (a 404 or 409 is never kept), and a kept list is checked against
  // the change log in that same statement.
  const row = await shiftOfUserWith(db, shiftId, me.id, kept && changedSql(kept.snapshot, kept.deps));
  const shift = offerable(row?.shift, today);
  if (kept && row?.flag === false) return kept.value;
  return cache.rebuild(key, async () => {
    const matches = await matchesOf(db, me, shift, today, limits);
    return {
      value: JSON.stringify(matches),
      deps: {
        userIds: [me.id, ...matches.map((m) => m.user.id)],
        days: { from: shift.date, to: shift.date },
        anyProfile: true,
      },
    };
  });
}

async function matchesOf(
  db: Db,
  me: UserRow,
  shift: RequesterShift,
  today: string,
  limits: WtrLimits | null,
): Promise<PotentialMatch[]> {
  const focus = { from: shift.date, to: shift.date };
  const rows = await matchesWithShifts(db, me, shift.date, today, limits ? shiftWindow(focus, limits) : null);
  const matches = rows.map((r) => ({
    user: r.user,
    availability: r.availability,
    seekingCoverageShifts: r.returns,
    warnings: warningsOfTaking(r.window, shift, limits),
  }));
  // Stable: within each group the query's order (own hub first, then by name) stays.
  return [...matches.filter((m) => m.warnings.length === 0), ...matches.filter((m) => m.warnings.length > 0)];
}

type TakenShift = Pick<WorkingTimeShift, "date" | "shiftType" | "startTime" | "endTime">;

/**
 * What working `shift` on their Available Off Day does to a colleague's rest (DESIGN §5.18), from
 * their working shifts around it (`before`, at least `shiftWindow` of the day): the warnings it
 * creates, of every rule or (`rules`) of the averaging rules alone.
 */
export function warningsOfTaking(
  before: readonly WorkingTimeShift[],
  shift: TakenShift,
  limits: WtrLimits | null,
  rules: RuleSet = "all",
): Warning[] {
  if (!limits) return [];
  const focus = { from: shift.date, to: shift.date };
  const taken = { date: shift.date, shiftType: shift.shiftType, startTime: shift.startTime, endTime: shift.endTime };
  // Their Available Off Day is a rest day or no entry; taking the shift puts it on that day.
  const after = [...before.filter((s) => s.date !== shift.date || s.shiftType !== "rest_day"), taken];
  return swapWarnings({ requester: { before: [], after: [] }, responder: { before, after } }, focus, limits, rules);
}
