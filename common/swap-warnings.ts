import { returnShiftOf } from "./swap-rules";
import { type Focus, swapParties, swapWarnings, type Warning } from "./working-time";
import type { WorkingTimeShift, WtrLimits } from "./working-time-types";

/** A shift as the working-time checks of a swap need it. */
export type DealShift = WorkingTimeShift & { id: number };

/** What a completion would move: the requester's shift, and the chosen return shift if any. */
export type WarningDeal = {
  requesterId: number;
  responderId: number | null;
  shift: DealShift;
  offer: DealShift | null;
};

/** From the first to the last day a deal changes: the days whose shift windows its checks load. */
export const focusOf = (d: WarningDeal): Focus => {
  const days = [d.shift.date, ...(d.offer ? [d.offer.date] : [])].sort();
  return { from: days[0], to: days[days.length - 1] };
};

const asWorking = (s: DealShift): WorkingTimeShift => ({
  date: s.date,
  shiftType: s.shiftType,
  startTime: s.startTime,
  endTime: s.endTime,
});

/**
 * Both calendars as completion (complete-swap.ts, DESIGN §5.7, §5.16) would leave them, compared with
 * today's: the requester loses the shift (a rest day is time off) and works the return shift; the
 * responder works the shift on their off day and loses the return shift's day (its entry and the
 * day or night shift beside it become a rest day). A side whose shifts are not given (null) is not
 * checked: no responder yet, or a requester who only gives a shift away (less work never breaks rest).
 */
export function dealWarnings(
  d: WarningDeal,
  requesterNow: readonly DealShift[] | null,
  responderNow: readonly DealShift[] | null,
  limits: WtrLimits,
): Warning[] {
  const offer = d.offer;
  const requesterAfter = requesterNow
    ? [...requesterNow.filter((s) => s.id !== d.shift.id).map(asWorking), ...(offer ? [returnShiftOf(offer)] : [])]
    : [];
  const responderBefore = responderNow ?? [];
  const responderAfter = responderNow
    ? [
        ...responderNow
          .filter(
            (s) => !offer || (s.id !== offer.id && !(s.date === offer.date && s.shiftType !== "seeking_coverage")),
          )
          .map(asWorking),
        asWorking(d.shift),
      ]
    : [];
  const sides = {
    requester: { before: (requesterNow ?? []).map(asWorking), after: requesterAfter },
    responder: { before: responderBefore.map(asWorking), after: responderAfter },
  };
  // Each changed day is checked on its own ('the 17 weeks around the date'): a return shift weeks
  // after the swap's day would otherwise make every day between a focus day, at many times the cost.
  const days = [...new Set([d.shift.date, ...(offer ? [offer.date] : [])])];
  if (days.length === 1) return swapWarnings(sides, { from: days[0], to: days[0] }, limits);
  const seen = new Set<string>();
  return days
    .flatMap((day) => swapWarnings(sides, { from: day, to: day }, limits))
    .filter((w) => {
      const key = `${w.party}|${w.rule}|${w.message}`;
      return !seen.has(key) && Boolean(seen.add(key));
    })
    .sort((a, b) => swapParties.indexOf(a.party) - swapParties.indexOf(b.party));
}
