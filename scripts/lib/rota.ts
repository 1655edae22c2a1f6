// Rota lines of an ambulance service, for the seed (docs/benchmarks.md, "The seeded service").
// Pure: a line and a random generator in, one byte per day out.
import type { Prng } from "./prng";

// Day kinds: one byte per user per day in the seed's compact roster.
export const NONE = 0;
export const DAY = 1;
export const NIGHT = 2;
export const REST = 3;
/** A rest day marked Available Off Day. */
export const OFF_DAY = 4;
export const LEAVE = 5;

export const isWorked = (k: number) => k === DAY || k === NIGHT;

export type RotaLineId = "4on4off" | "days4on4off" | "relief" | "weekday";

export type RotaLine = {
  id: RotaLineId;
  /** What it is, for the docs and the seed's summary. */
  label: string;
  /** Share of a hub's clinicians on this line, in per cent. */
  weight: number;
  /** The repeating cycle (D day, N night, R rest) for fixed lines; none for relief and weekday lines. */
  cycle?: string;
  /** Annual leave a year, in shifts of the line (12-hour shifts for the 24/7 lines, 8-hour days otherwise). */
  leaveShifts: number;
};

/**
 * Shift workers' leave is 27 days (202.5 h) and eight bank holidays (60 h) taken as leave: about 22
 * twelve-hour shifts. Day workers take 27 days and have the bank holidays off anyway.
 */
export const rotaLines: readonly RotaLine[] = [
  { id: "4on4off", label: "4-on-4-off: 2 days, 2 nights, 4 off", weight: 55, cycle: "DDNNRRRR", leaveShifts: 22 },
  {
    id: "days4on4off",
    label: "4-on-4-off days only (rapid response cars, urgent care)",
    weight: 10,
    cycle: "DDDDRRRR",
    leaveShifts: 22,
  },
  { id: "relief", label: "relief: 8-day blocks of 4 shifts, set a few weeks ahead", weight: 25, leaveShifts: 22 },
  { id: "weekday", label: "Monday to Friday days (education, clinical hub)", weight: 10, leaveShifts: 27 },
];

/** The blocks a relief line is made of: each at most 4 shifts in a row and 2+ rest days after nights. */
const reliefBlocks: readonly (readonly [string, number])[] = [
  ["DDNNRRRR", 40],
  ["DDDDRRRR", 30],
  ["DDRDDRRR", 20],
  ["NNRRDDRR", 10],
];

const fromLetter = (c: string) => (c === "D" ? DAY : c === "N" ? NIGHT : REST);

/**
 * A line's days, before leave: `offset` is the line's place in its cycle (its "line number" on a
 * hub's rota), `firstWeekday` the weekday of day 0 (0 = Sunday).
 */
export function lineDays(line: RotaLine, days: number, offset: number, firstWeekday: number, rng: Prng): Uint8Array {
  const out = new Uint8Array(days);
  if (line.cycle) {
    const cycle = line.cycle;
    for (let d = 0; d < days; d++) out[d] = fromLetter(cycle[(d + offset) % cycle.length]);
  } else if (line.id === "weekday") {
    for (let d = 0; d < days; d++) {
      const weekday = (firstWeekday + d) % 7;
      out[d] = weekday === 0 || weekday === 6 ? REST : DAY;
    }
  } else {
    // Relief: blocks drawn one after another, the first entered part-way through.
    let d = -(offset % 8);
    while (d < days) {
      const block = rng.weighted(reliefBlocks);
      for (let i = 0; i < block.length; i++, d++) if (d >= 0 && d < days) out[d] = fromLetter(block[i]);
    }
  }
  return out;
}

/** [start, end) of each run of worked days. */
export function workedRuns(days: Uint8Array): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  for (let d = 0; d <= days.length; d++) {
    const worked = d < days.length && isWorked(days[d]);
    if (worked && start < 0) start = d;
    if (!worked && start >= 0) {
      runs.push([start, d]);
      start = -1;
    }
  }
  return runs;
}

/**
 * Annual leave where rotas put it: over whole runs of worked days, so the rest days either side
 * make a long break (4 off, 4 on leave, 4 off on a 4-on-4-off line). Runs are taken at random until
 * the year's leave (scaled to `days`) is booked. Rest days inside stay rest days.
 */
export function bookLeave(days: Uint8Array, line: RotaLine, rng: Prng): number {
  const runs = workedRuns(days);
  const target = Math.round((line.leaveShifts * days.length) / 365);
  let booked = 0;
  for (let tries = 0; booked < target && runs.length > 0 && tries < 1000; tries++) {
    const k = rng.int(0, runs.length - 1);
    const [start, end] = runs[k];
    runs.splice(k, 1);
    for (let d = start; d < end; d++) days[d] = LEAVE;
    booked += end - start;
  }
  return booked;
}

/** Spreads a hub's clinicians on one cycle over its offsets, so every day has the same cover. */
export function lineOffsets(count: number, cycleLength: number, start: number): number[] {
  return Array.from({ length: count }, (_, k) => (start + k) % cycleLength);
}
