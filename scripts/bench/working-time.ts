/**
 * Cost of the working-time checks on find-matches' hot path: 50 candidates, each with a real
 * roster pattern (two days, two nights, four off) over the window the check needs, each asked what
 * taking one more shift would do. Run: `npx tsx scripts/bench/working-time.ts`.
 */
import { addDays } from "../../common/dates";
import type { ShiftType } from "../../common/enums";
import { DEFAULT_WTR_LIMITS, newBreaches, shiftWindow } from "../../common/working-time";
import type { WorkingTimeShift } from "../../common/working-time-types";

const limits = DEFAULT_WTR_LIMITS;
const CANDIDATES = 50;
const ROUNDS = 200;
const date = "2026-10-24"; // next to a clock change
const focus = { from: date, to: date };
const window = shiftWindow(focus, limits);

function roster(phase: number): WorkingTimeShift[] {
  const out: WorkingTimeShift[] = [];
  let i = phase;
  for (let d = window.from; d <= window.to; d = addDays(d, 1), i++) {
    const slot = i % 8;
    const shiftType: ShiftType = slot < 2 ? "day" : slot < 4 ? "night" : "rest_day";
    const times = shiftType === "day" ? ["07:00", "19:00"] : shiftType === "night" ? ["19:00", "07:00"] : [null, null];
    out.push({ date: d, shiftType, startTime: times[0], endTime: times[1] });
  }
  return out;
}

const taken: WorkingTimeShift = { date, shiftType: "day", startTime: "07:00", endTime: "19:00" };
const candidates = Array.from({ length: CANDIDATES }, (_, i) => {
  const before = roster(i).filter((s) => s.date !== date);
  return { before, after: [...before, taken] };
});

let warnings = 0;
const run = () => {
  for (const c of candidates) warnings += newBreaches(c.before, c.after, focus, limits).length;
};
for (let i = 0; i < 20; i++) run(); // warm-up
const times: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const t = process.hrtime.bigint();
  run();
  times.push(Number(process.hrtime.bigint() - t) / 1000);
}
times.sort((a, b) => a - b);
const shifts = candidates.reduce((n, c) => n + c.after.length, 0);
console.log(
  `working time: ${CANDIDATES} candidates, ${shifts} shifts, window ${window.from}..${window.to}: ` +
    `median ${times[ROUNDS >> 1].toFixed(0)} µs, p99 ${times[Math.floor(ROUNDS * 0.99)].toFixed(0)} µs per find-matches ` +
    `(${(times[ROUNDS >> 1] / CANDIDATES).toFixed(1)} µs a candidate; ${warnings / (ROUNDS + 20)} warnings a run)`,
);
