import { addDays } from "./dates";
import { dayNumber, londonMinuteOf } from "./london-time";
import { blocksOf, halfPeriod, isWorking } from "./working-time-blocks";
import { averages, dailyRest, weeklyRest } from "./working-time-rules";
import { type Breach, type WorkingTimeShift, type WtrLimits, type WtrRule, wtrRules } from "./working-time-types";

/**
 * Working Time Regulations 1998 checks (DESIGN §5.18): pure, shared by server and client.
 *
 * Shifts are the clinician's day, night and seeking-coverage entries (still theirs to work until
 * someone covers them); rest days and leave are time off. An untimed shift takes SPEC's display
 * fallback (06:00–18:00 day, 18:00–06:00 night); a shift whose end is not after its start ends the
 * next morning. Time is Europe/London wall-clock time, measured in real minutes across clock changes.
 *
 * Checks look at the days of a focus (`{ from, to }`, e.g. a swap's dates) and need the caller's
 * shifts on the days `shiftWindow(focus, limits)` returns, no more: a hot path (find-matches for up
 * to 50 candidates) loads every candidate's window in one query and checks each in about 20 µs
 * (`npx tsx scripts/bench/working-time.ts`). Shift times are 'HH:mm' as stored.
 *
 * This file is the API; shifts become spans and blocks in ./working-time-blocks, each rule is a
 * function in ./working-time-rules, and its message is worded by ./working-time-wording.
 */

export const swapParties = ["requester", "responder"] as const;
export type SwapParty = (typeof swapParties)[number];

/**
 * A warning as API responses carry it (its schema is `warningSchema` in ./swaps). `dates`: the
 * shifts' dates, or a period's first and last day.
 */
export type Warning = { rule: WtrRule; party: SwapParty; message: string; dates: string[] };

/** Whether a value from a response body is a warning: the browser's check, without the schema library. */
export function isWarning(value: unknown): value is Warning {
  if (typeof value !== "object" || value === null) return false;
  const w = value as Record<string, unknown>;
  return (
    wtrRules.includes(w.rule as WtrRule) &&
    swapParties.includes(w.party as SwapParty) &&
    typeof w.message === "string" &&
    Array.isArray(w.dates) &&
    w.dates.every((d) => typeof d === "string")
  );
}

export const DEFAULT_WTR_LIMITS: WtrLimits = {
  dailyRestHours: 11,
  weeklyRestHours: 24,
  averageWeekHours: 48,
  referenceWeeks: 17,
  nightHoursPer24: 8,
};

/** Days (inclusive) the checks are about. */
export type Focus = { from: string; to: string };

/**
 * The days whose shifts a check of `focus` needs: the reference periods around the focus days and
 * the 14-day windows of the weekly rest, plus the day before for a night running into them.
 */
export function shiftWindow(focus: Focus, limits: WtrLimits): Focus {
  const half = halfPeriod(limits);
  return {
    from: addDays(focus.from, -Math.max(14, half + 1)),
    to: addDays(focus.to, Math.max(13, limits.referenceWeeks * 7 - half - 1)),
  };
}

/**
 * Which rules a check applies: all of them, or the averaging rules alone, for a caller that has
 * decided the rest rules from the fortnight around the day (server/swaps/rest-bound.ts).
 */
export type RuleSet = "all" | "averages";

/** Every breach about the focus days, one per rest gap, 7-day window or reference period. */
export function findBreaches(
  shifts: readonly WorkingTimeShift[],
  focus: Focus,
  limits: WtrLimits,
  rules: RuleSet = "all",
): Breach[] {
  const { blocks, spans } = blocksOf(shifts);
  const days = { from: dayNumber(focus.from), to: dayNumber(focus.to) };
  if (rules === "averages") return averages(blocks, spans, days, limits);
  const f0 = londonMinuteOf(days.from, 0);
  const f1 = londonMinuteOf(days.to + 1, 0);
  return [
    ...dailyRest(blocks, f0, f1, limits),
    ...weeklyRest(blocks, days, limits),
    ...averages(blocks, spans, days, limits),
  ];
}

const worse = (rule: WtrRule, after: number, before: number) =>
  rule === "daily_rest" || rule === "weekly_rest" ? after < before : after > before;

/** Breaches the change from `before` to `after` creates or makes worse; one that stays as it was is not one. */
export function newBreaches(
  before: readonly WorkingTimeShift[],
  after: readonly WorkingTimeShift[],
  focus: Focus,
  limits: WtrLimits,
  rules: RuleSet = "all",
): Breach[] {
  const found = findBreaches(after, focus, limits, rules);
  // Most changes breach nothing: then there is nothing to compare with.
  if (found.length === 0) return [];
  const had = new Map(findBreaches(before, focus, limits, rules).map((b) => [b.key, b.measure]));
  return found.filter((b) => {
    const was = had.get(b.key);
    return was === undefined || worse(b.rule, b.measure, was);
  });
}

/**
 * Warnings for one person. Neighbouring 7-day windows and reference periods of one rule become one
 * warning (the worst of them), so a single extra shift never reads as a list of near-duplicates.
 */
export function toWarnings(breaches: readonly Breach[], party: SwapParty): Warning[] {
  const order = (b: Breach) => wtrRules.indexOf(b.rule);
  const sorted = [...breaches].sort((a, b) => order(a) - order(b) || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const out: Warning[] = [];
  let group: Breach[] = [];
  const flush = () => {
    if (group.length === 0) return;
    const worst = group.reduce((w, b) => (worse(b.rule, b.measure, w.measure) ? b : w));
    const last = group[group.length - 1];
    const dates = worst.rule === "weekly_rest" ? [group[0].dates[0], last.dates[1]] : worst.dates;
    out.push({ rule: worst.rule, party, message: worst.message, dates });
    group = [];
  };
  for (const b of sorted) {
    const prev = group[group.length - 1];
    const joins = prev && prev.rule === b.rule && b.rule !== "daily_rest" && addDays(prev.day, 1) === b.day;
    if (!joins) flush();
    group.push(b);
  }
  flush();
  return out;
}

export type BeforeAfter = { before: readonly WorkingTimeShift[]; after: readonly WorkingTimeShift[] };

/**
 * What a swap does to both people's working time: only breaches it creates or worsens, for each
 * party. `focus` spans the swap's dates (the requester's shift date and any chosen offer's date);
 * each side's shifts need only cover `shiftWindow(focus, limits)`.
 *
 * How the swap screens and routes should compute before/after (DESIGN §5.7, §5.16), from each
 * party's shifts in the window as they are now:
 * - requester after: without their shift on the swap date (they get a rest day there, which is
 *   time off), plus the chosen offer's shift on its date (a seeking-coverage entry becomes a day or
 *   night shift for its new owner; keep its times);
 * - responder after: their rest day on the swap date replaced by the requester's shift with its
 *   times, and without the chosen offer's date's working shifts (the seeking-coverage entry and the
 *   day or night shift beside it go to the requester);
 * - find-matches (no offer yet): responder after = before + the requester's shift.
 */
export function swapWarnings(
  sides: Record<SwapParty, BeforeAfter>,
  focus: Focus,
  limits: WtrLimits,
  rules: RuleSet = "all",
): Warning[] {
  return swapParties.flatMap((party) =>
    toWarnings(newBreaches(sides[party].before, sides[party].after, focus, limits, rules), party),
  );
}

/**
 * A warning's message as the other party of the swap reads it: 'their night shift', 'they average'.
 * Messages speak to the person whose rest they are about; both parties see both sides.
 */
export function theirMessage(message: string): string {
  return message
    .replace(/\bYour\b/g, "Their")
    .replace(/\byour\b/g, "their")
    .replace(/\byou\b/g, "they");
}

/** A warning about the clinician's own roster as it stands (the calendar's marks). */
export type RosterWarning = Pick<Warning, "rule" | "message" | "dates">;

/**
 * Breaches in one's own roster on the days of `focus`, by the working shift they concern: a short
 * rest marks the shifts on both sides of it, a week without its rest marks that week's working
 * shifts, and an average over its limit marks the working shifts of each day whose reference
 * period is over. Of several 7-day windows or periods of one rule on a shift, the worst is kept.
 */
export function rosterWarnings<S extends WorkingTimeShift & { id: number }>(
  shifts: readonly S[],
  focus: Focus,
  limits: WtrLimits,
): Map<number, RosterWarning[]> {
  const breaches = findBreaches(shifts, focus, limits);
  const out = new Map<number, RosterWarning[]>();
  if (breaches.length === 0) return out;
  for (const s of shifts) {
    if (!isWorking(s.shiftType) || s.date < focus.from || s.date > focus.to) continue;
    const found: Breach[] = [];
    for (const rule of wtrRules) {
      const about = breaches.filter((b) => b.rule === rule && concerns(b, s.date));
      if (rule === "daily_rest") found.push(...about);
      else if (about.length > 0) found.push(about.reduce((w, b) => (worse(rule, b.measure, w.measure) ? b : w)));
    }
    if (found.length > 0)
      out.set(
        s.id,
        found.map(({ rule, message, dates }) => ({ rule, message, dates })),
      );
  }
  return out;
}

function concerns(b: Breach, day: string): boolean {
  if (b.rule === "daily_rest") return b.dates.includes(day);
  if (b.rule === "weekly_rest") return b.dates[0] <= day && day <= b.dates[1];
  return b.day === day;
}
