import type { ShiftType, SwapStatus } from "./enums";
import { isNightByTimes } from "./shift-rules";

// Cover alerts without their schemas (./cover-alerts): the dashboard's first screen reads these.

export const coverAlertStates = ["open", "taken", "closed"] as const;
export type CoverAlertState = (typeof coverAlertStates)[number];

/** The email digest's section of cover alerts that went past the day's push limit. */
export const COVER_DIGEST_HEADING = "Colleagues who need cover on days you marked free";

/**
 * Where a need for cover stands for someone alerted to it: taken once anyone is the responder or it
 * completed; closed once cancelled or declined, or when the shift's day has come (requests close
 * when their shift starts, DESIGN §5.22); open otherwise.
 */
export function coverAlertState(
  r: { status: SwapStatus; responderId: number | null; date: string },
  today: string,
): CoverAlertState {
  if (r.status === "cancelled" || r.status === "declined") return "closed";
  if (r.responderId !== null || r.status === "completed") return "taken";
  return r.date <= today ? "closed" : "open";
}

/** '2 colleagues at Coventry Hub need cover on Sat 12 Dec' (the hubs by name up to two, then a count). */
export function needsCoverLine(count: number, hubNames: readonly string[], when: string): string {
  const who = count === 1 ? "1 colleague" : `${count} colleagues`;
  const verb = count === 1 ? "needs" : "need";
  const named = hubNames.filter(Boolean);
  const where =
    named.length === 0
      ? ""
      : named.length === 1
        ? ` at ${named[0]}`
        : named.length === 2
          ? ` at ${named[0]} and ${named[1]}`
          : ` at ${named.length} hubs`;
  return `${who}${where} ${verb} cover on ${when}`;
}

/**
 * The shift as a cover alert opens its sentence ('Day shift Sat 12 Dec at …'): a Seeking Coverage
 * entry is the day or night shift its times say, and 'Shift' when it has none.
 */
export function coverShiftWords(s: { shiftType: ShiftType; startTime: string | null; endTime: string | null }): string {
  if (s.shiftType === "day") return "Day shift";
  if (s.shiftType === "night") return "Night shift";
  if (!s.startTime || !s.endTime) return "Shift";
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return isNightByTimes(minutes(s.startTime), minutes(s.endTime)) ? "Night shift" : "Day shift";
}
