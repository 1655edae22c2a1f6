import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/dates";
import { DEFAULT_WTR_LIMITS } from "../../common/working-time";
import { anyShiftDecidedUpTo, fortnightDecides, shiftMinutesBound } from "../../common/working-time-bounds";
import type { WorkingTimeShift } from "../../common/working-time-types";
import { warningsOfTaking } from "../../server/swaps/find-matches";
import { restWindows } from "../../server/swaps/rest-bound";

const limits = DEFAULT_WTR_LIMITS;
// Two weeks before the clock goes forward, so nights across the change are in every window.
const DATE = "2027-03-14";
const { near, wide } = restWindows(DATE, limits);

const timed = fc.constantFrom(
  { shiftType: "day", startTime: "07:00", endTime: "19:00" },
  { shiftType: "day", startTime: "08:00", endTime: "20:30" },
  { shiftType: "night", startTime: "19:00", endTime: "07:00" },
  { shiftType: "night", startTime: "22:00", endTime: "10:00" },
  { shiftType: "day", startTime: null, endTime: null },
  { shiftType: "night", startTime: null, endTime: null },
  { shiftType: "seeking_coverage", startTime: "07:00", endTime: "19:00" },
) as fc.Arbitrary<Omit<WorkingTimeShift, "date">>;

/** A roster over the whole window: each day off or one working shift, more or less densely. */
const roster = fc.integer({ min: 25, max: 90 }).chain((density) =>
  fc
    .array(fc.tuple(fc.integer({ min: 0, max: 99 }), timed), {
      minLength: 200,
      maxLength: 200,
    })
    .map((days) =>
      days.flatMap(([roll, s], i) => {
        const date = addDays(wide.from, i - 30);
        return roll < density && date !== DATE ? [{ ...s, date }] : [];
      }),
    ),
);

const taken = { date: DATE, shiftType: "day" as const, startTime: "07:00", endTime: "19:00" };
const inWindow = (w: { from: string; to: string }) => (s: WorkingTimeShift) => s.date >= w.from && s.date <= w.to;

describe("the fortnight decides a cover alert's warnings when the minutes bound allows it", () => {
  it("bounds a shift's minutes from its times, untimed as twelve hours", () => {
    expect(shiftMinutesBound({ startTime: "07:00", endTime: "19:00" })).toBe(720);
    expect(shiftMinutesBound({ startTime: "19:00", endTime: "07:00" })).toBe(720);
    expect(shiftMinutesBound({ startTime: "22:00", endTime: "22:00" })).toBe(1440);
    expect(shiftMinutesBound({ startTime: null, endTime: null })).toBe(720);
  });

  it("gives exactly the warnings of the whole window, for every roster the bound lets through", () => {
    let decided = 0;
    fc.assert(
      fc.property(roster, (shifts) => {
        const whole = shifts.filter(inWindow(wide));
        const bound = whole.reduce((n, s) => n + shiftMinutesBound(s), 0);
        if (!fortnightDecides(bound, taken, limits)) return;
        decided += 1;
        const fortnight = shifts.filter(inWindow(near));
        expect(warningsOfTaking(fortnight, taken, limits)).toEqual(warningsOfTaking(whole, taken, limits));
      }),
      { numRuns: 300, seed: 37 },
    );
    // The property said something: many rosters were decided on the fortnight.
    expect(decided).toBeGreaterThan(50);
  });

  it("never lets through a roster whose averages the shift would breach", () => {
    fc.assert(
      fc.property(roster, (shifts) => {
        const whole = shifts.filter(inWindow(wide));
        const averages = warningsOfTaking(whole, taken, limits).filter(
          (w) => w.rule === "average_hours" || w.rule === "night_hours",
        );
        const bound = whole.reduce((n, s) => n + shiftMinutesBound(s), 0);
        if (averages.length > 0) expect(fortnightDecides(bound, taken, limits)).toBe(false);
      }),
      { numRuns: 300, seed: 38 },
    );
  });

  it("decides for a shift not known yet when the whole-day bound allows it, whatever else of the window is read", () => {
    const wholeDay = { startTime: "00:00", endTime: "00:00" };
    let decided = 0;
    fc.assert(
      fc.property(roster, timed, fc.array(fc.boolean(), { minLength: 200, maxLength: 200 }), (shifts, s, keep) => {
        const whole = shifts.filter(inWindow(wide));
        const bound = whole.reduce((n, x) => n + shiftMinutesBound(x), 0);
        if (!fortnightDecides(bound, wholeDay, limits)) return;
        decided += 1;
        const shift = { ...s, date: DATE, shiftType: s.shiftType === "night" ? "night" : "day" } as const;
        // The fortnight and any part of the rest of the window, as the windows of other dates add.
        const read = whole.filter((x, i) => inWindow(near)(x) || keep[i]);
        expect(warningsOfTaking(read, shift, limits)).toEqual(warningsOfTaking(whole, shift, limits));
      }),
      { numRuns: 300, seed: 39 },
    );
    expect(decided).toBeGreaterThan(50);
  });
});

describe("a colleague the bound cannot decide", () => {
  it("has the rest rules of the fortnight and the averages of the whole window: together, the verdict of the whole window", () => {
    let undecided = 0;
    let breached = 0;
    fc.assert(
      fc.property(roster, timed, (shifts, s) => {
        const shift = { ...s, date: DATE, shiftType: s.shiftType === "night" ? "night" : "day" } as const;
        const whole = shifts.filter(inWindow(wide));
        const fortnight = shifts.filter(inWindow(near));
        const split =
          warningsOfTaking(fortnight, shift, limits).length === 0 &&
          warningsOfTaking(whole, shift, limits, "averages").length === 0;
        expect(split).toBe(warningsOfTaking(whole, shift, limits).length === 0);
        const bound = whole.reduce((n, x) => n + shiftMinutesBound(x), 0);
        if (!fortnightDecides(bound, shift, limits)) undecided += 1;
        if (warningsOfTaking(whole, shift, limits, "averages").length > 0) breached += 1;
      }),
      { numRuns: 400, seed: 40 },
    );
    // Both sides of the averages were tried.
    expect(undecided).toBeGreaterThan(50);
    expect(breached).toBeGreaterThan(20);
  });

  it("is never below the minutes under which the fortnight decides any shift", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60_000 }), timed, (bound, s) => {
        if (bound <= anyShiftDecidedUpTo(limits)) expect(fortnightDecides(bound, s, limits)).toBe(true);
      }),
      { numRuns: 500, seed: 41 },
    );
    expect(fortnightDecides(anyShiftDecidedUpTo(limits) + 1, { startTime: "22:00", endTime: "22:00" }, limits)).toBe(
      false,
    );
  });
});
