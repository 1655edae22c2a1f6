import { dayString, londonMinuteOf } from "./london-time";
import { type Block, halfPeriod, type Span } from "./working-time-blocks";
import type { Breach, WtrLimits } from "./working-time-types";
import { hoursLabel, kind, labelOf, one, timeLabel } from "./working-time-wording";

// The Working Time Regulations checks, one function per rule. Days are day numbers here; strings
// are made only for the breaches found.

type Days = { from: number; to: number };

export function dailyRest(blocks: Block[], f0: number, f1: number, limits: WtrLimits): Breach[] {
  const out: Breach[] = [];
  const touches = (b: Block) => b.start < f1 && b.end > f0;
  for (let i = 0; i + 1 < blocks.length; i++) {
    const prev = blocks[i];
    const next = blocks[i + 1];
    const rest = next.start - prev.end;
    if (rest >= limits.dailyRestHours * 60 || !(touches(prev) || touches(next))) continue;
    const a = prev.last;
    const b = next.first;
    const startsAt = b.startDay === a.endDay ? timeLabel(b.startHm) : `${labelOf(b.startDay)} ${timeLabel(b.startHm)}`;
    const lead = rest === 0 ? "No rest" : `Only ${hoursLabel(rest)} rest`;
    out.push({
      rule: "daily_rest",
      key: `daily_rest:${prev.end}:${next.start}`,
      measure: rest,
      message: `${lead} between your ${kind(a)} ending ${labelOf(a.endDay)} ${timeLabel(a.endHm)} and the ${kind(b)} starting ${startsAt}`,
      dates: [...new Set([dayString(a.startDay), dayString(b.startDay)])],
      day: dayString(b.startDay),
    });
  }
  return out;
}

/** Time off between blocks, unbounded before the first and after the last. */
function offRuns(blocks: Block[]): number[] {
  const runs: number[] = [];
  let from = Number.NEGATIVE_INFINITY;
  for (const b of blocks) {
    if (b.start > from) runs.push(from, b.start);
    from = b.end;
  }
  runs.push(from, Number.POSITIVE_INFINITY);
  return runs;
}

/** The longest stretch off within [a, b), and how many stretches of at least `need` it holds. */
function restIn(runs: number[], a: number, b: number, need: number): { longest: number; enough: number } {
  let longest = 0;
  let enough = 0;
  for (let i = 0; i < runs.length; i += 2) {
    if (runs[i + 1] <= a) continue;
    if (runs[i] >= b) break;
    const len = Math.min(runs[i + 1], b) - Math.max(runs[i], a);
    if (len > longest) longest = len;
    if (len >= need) enough++;
  }
  return { longest, enough };
}

export function weeklyRest(blocks: Block[], focus: Days, limits: WtrLimits): Breach[] {
  const runs = offRuns(blocks);
  const need = limits.weeklyRestHours * 60;
  const midnight = (n: number) => londonMinuteOf(n, 0);
  const fortnights = new Map<number, boolean>();
  const holds48 = (s: number) => {
    let ok = fortnights.get(s);
    if (ok === undefined) {
      const r = restIn(runs, midnight(s), midnight(s + 14), need);
      ok = r.longest >= 2 * need || r.enough >= 2;
      fortnights.set(s, ok);
    }
    return ok;
  };
  const out: Breach[] = [];
  for (let d = focus.from - 6; d <= focus.to; d++) {
    const rest = restIn(runs, midnight(d), midnight(d + 7), need).longest;
    if (rest >= need) continue;
    let covered = false;
    for (let k = 7; k >= 0 && !covered; k--) covered = holds48(d - k);
    if (covered) continue;
    out.push({
      rule: "weekly_rest",
      key: `weekly_rest:${dayString(d)}`,
      measure: rest,
      message: `No ${limits.weeklyRestHours} h off in a row from ${labelOf(d)} to ${labelOf(d + 6)}: your longest break is ${hoursLabel(rest)} (${2 * limits.weeklyRestHours} h over 14 days would also do)`,
      dates: [dayString(d), dayString(d + 6)],
      day: dayString(d),
    });
  }
  return out;
}

function workedIn(blocks: Block[], a: number, b: number): number {
  let total = 0;
  for (const x of blocks) {
    if (x.end <= a) continue;
    if (x.start >= b) break;
    total += Math.min(x.end, b) - Math.max(x.start, a);
  }
  return total;
}

export function averages(blocks: Block[], spans: Span[], focus: Days, limits: WtrLimits): Breach[] {
  const out: Breach[] = [];
  const weeks = limits.referenceWeeks;
  for (let day = focus.from; day <= focus.to; day++) {
    const first = day - halfPeriod(limits);
    const last = first + weeks * 7 - 1;
    const a = londonMinuteOf(first, 0);
    const b = londonMinuteOf(last + 1, 0);
    const worked = workedIn(blocks, a, b);
    const period = () => `the ${weeks} weeks ${labelOf(first)} – ${labelOf(last)}`;
    const dates = () => [dayString(first), dayString(last)];
    if (worked > limits.averageWeekHours * 60 * weeks) {
      out.push({
        rule: "average_hours",
        key: `average_hours:${dayString(day)}`,
        measure: worked,
        message: `Your week averages ${one(worked / 60 / weeks)} h over ${period()} (limit ${limits.averageWeekHours} h unless you have opted out)`,
        dates: dates(),
        day: dayString(day),
      });
    }
    // Regulation 6(5): the days of the period less one weekly rest day for each week.
    const days = weeks * 6;
    if (worked > limits.nightHoursPer24 * 60 * days && spans.some((s) => s.night && s.start < b && s.end > a)) {
      out.push({
        rule: "night_hours",
        key: `night_hours:${dayString(day)}`,
        measure: worked,
        message: `Working nights, you average ${one(worked / 60 / days)} h in every 24 h over ${period()} (limit ${limits.nightHoursPer24} h)`,
        dates: dates(),
        day: dayString(day),
      });
    }
  }
  return out;
}
