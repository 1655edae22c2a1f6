import { returnShiftOf } from "./swaps";
import { type Focus, swapWarnings, type Warning, type WorkingTimeShift, type WtrLimits } from "./working-time";

/** A shift as the working-time checks of a swap need it. */
export type DealShift = WorkingTimeShift & { id: number };

/** What a completion would move: the requester's shift, and the chosen return shift if any. */
export type WarningDeal = {
  requesterId: number;
  responderId: number | null;
  shift: DealShift;
  offer: DealShift | null;
};

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
  return swapWarnings(
    {
      requester: { before: (requesterNow ?? []).map(asWorking), after: requesterAfter },
      responder: { before: responderBefore.map(asWorking), after: responderAfter },
    },
    focusOf(d),
    limits,
  );
}
