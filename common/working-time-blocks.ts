import type { ShiftType } from "./enums";
import { dayNumber, londonMinuteOf } from "./london-time";
import { DISPLAY_FALLBACK_TIMES, isNightByTimes } from "./shift-rules";
import type { WorkingTimeShift, WtrLimits } from "./working-time-types";

// Working time as London minutes: each shift a span, overlapping spans merged into blocks.

export type Span = {
  start: number;
  end: number;
  night: boolean;
  startDay: number;
  startHm: string;
  endDay: number;
  endHm: string;
};
export type Block = { start: number; end: number; first: Span; last: Span };

const hm = (t: string) =>
  (t.charCodeAt(0) - 48) * 600 + (t.charCodeAt(1) - 48) * 60 + (t.charCodeAt(3) - 48) * 10 + (t.charCodeAt(4) - 48);
export const isWorking = (t: ShiftType) => t === "day" || t === "night" || t === "seeking_coverage";

function spanOf(s: WorkingTimeShift): Span | null {
  if (!isWorking(s.shiftType)) return null;
  let startHm = s.startTime;
  let endHm = s.endTime;
  if (!startHm || !endHm) {
    const fallback = DISPLAY_FALLBACK_TIMES[s.shiftType === "night" ? "night" : "day"];
    startHm = fallback.startTime;
    endHm = fallback.endTime;
  }
  const a = hm(startHm);
  const b = hm(endHm);
  const startDay = dayNumber(s.date);
  const endDay = b > a ? startDay : startDay + 1;
  return {
    start: londonMinuteOf(startDay, a),
    end: londonMinuteOf(endDay, b),
    night: s.shiftType === "night" || (s.shiftType === "seeking_coverage" && isNightByTimes(a, b)),
    startDay,
    startHm,
    endDay,
    endHm,
  };
}

/** Working time as blocks: overlapping shifts (a seeking-coverage entry beside its shift) are one. */
export function blocksOf(shifts: readonly WorkingTimeShift[]): { blocks: Block[]; spans: Span[] } {
  const spans: Span[] = [];
  for (const s of shifts) {
    const span = spanOf(s);
    if (span && span.end > span.start) spans.push(span);
  }
  spans.sort((x, y) => x.start - y.start || x.end - y.end);
  const blocks: Block[] = [];
  for (const span of spans) {
    const last = blocks[blocks.length - 1];
    if (last && span.start < last.end) {
      if (span.end > last.end) {
        last.end = span.end;
        last.last = span;
      }
    } else blocks.push({ start: span.start, end: span.end, first: span, last: span });
  }
  return { blocks, spans };
}

/** Half the reference period before the day, the rest after it: the 17 weeks around the date. */
export const halfPeriod = (limits: WtrLimits) => Math.floor((limits.referenceWeeks * 7) / 2);
