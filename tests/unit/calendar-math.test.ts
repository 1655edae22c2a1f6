import { describe, expect, it } from "vitest";
import {
  availabilityRange,
  groupEmptyDays,
  isRuleRestDay,
  monthGrid,
  nextDays,
  sampleMonth,
  shiftMonth,
  weekdayOf,
} from "../../client/src/features/shifts/calendar-math";
import { msUntilNextLondonDay } from "../../client/src/lib/dates";

describe("the rest-day rule (SPEC §5)", () => {
  const today = "2026-11-18"; // a Wednesday
  it.each([
    ["2026-11-20", true], // Friday
    ["2026-11-21", true], // Saturday
    ["2026-11-22", true], // Sunday
    ["2026-11-23", false], // Monday
    ["2026-11-19", false], // Thursday
    ["2026-11-15", false], // a past Sunday
    ["2026-11-14", false], // a past Saturday
  ])("%s is a rest day: %s", (day, expected) => {
    expect(isRuleRestDay(day, today)).toBe(expected);
  });

  it("counts today when it is a Friday to Sunday", () => {
    expect(isRuleRestDay("2026-11-20", "2026-11-20")).toBe(true);
  });
});

describe("the sample month", () => {
  it("makes exactly the Friday to Sunday days not in the past rest days", () => {
    const today = "2026-11-18";
    const sample = sampleMonth({ year: 2026, month: 11 }, today);
    const rest = sample.filter((s) => s.shiftType === "rest_day").map((s) => s.date);
    expect(rest).toEqual(["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-27", "2026-11-28", "2026-11-29"]);
    expect(sample.filter((s) => s.date < today && s.shiftType === "rest_day")).toEqual([]);
    expect(new Set(sample.map((s) => s.shiftType))).toEqual(
      new Set(["day", "night", "rest_day", "annual_leave", "seeking_coverage"]),
    );
    expect(sample.some((s) => s.restDayShiftInterest)).toBe(true);
  });
});

describe("month grid", () => {
  it("covers whole weeks from Sunday to Saturday around the month", () => {
    const grid = monthGrid({ year: 2026, month: 11 });
    expect(grid[0]).toBe("2026-11-01"); // 1 November 2026 is a Sunday
    expect(grid.at(-1)).toBe("2026-12-05");
    expect(grid).toHaveLength(35);
    const feb = monthGrid({ year: 2032, month: 2 });
    expect(feb[0]).toBe("2032-02-01");
    expect(feb).toContain("2032-02-29");
    expect(feb.length % 7).toBe(0);
    expect(weekdayOf(monthGrid({ year: 2031, month: 8 })[0])).toBe(0);
  });

  it("steps months across year ends", () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
  });

  it("lists the next days across a month end", () => {
    expect(nextDays("2026-11-28", 7)).toEqual([
      "2026-11-28",
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
    ]);
  });
});

describe("the availability query's range", () => {
  it("spans the earliest to the latest shift date, or today to 12 months ahead without shifts", () => {
    const s = (date: string) => ({ date });
    expect(availabilityRange([s("2026-12-03"), s("2026-11-20"), s("2027-02-01")], "2026-11-24")).toEqual({
      start: "2026-11-20",
      end: "2027-02-01",
    });
    expect(availabilityRange([], "2026-11-24")).toEqual({ start: "2026-11-24", end: "2027-11-24" });
    expect(availabilityRange([], "2028-02-29")).toEqual({ start: "2028-02-29", end: "2029-02-28" });
  });
});

describe("the next London date change", () => {
  it("is London midnight, in GMT and in BST", () => {
    expect(msUntilNextLondonDay(new Date("2026-11-24T23:59:30Z"))).toBe(30_000);
    // 23:59:30 BST is 22:59:30 UTC.
    expect(msUntilNextLondonDay(new Date("2026-07-10T22:59:30Z"))).toBe(30_000);
    // The day the clocks go back is 25 hours long.
    expect(msUntilNextLondonDay(new Date("2026-10-24T23:00:00Z"))).toBe(25 * 3_600_000);
  });
});

describe("the dashboard's week with empty days grouped", () => {
  const week = ["2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03"];
  it("collapses each run of two or more empty days into one row and keeps single days", () => {
    const busy = new Set(["2026-11-27", "2026-11-29", "2026-12-03"]);
    expect(groupEmptyDays(week, (d) => !busy.has(d))).toEqual([
      { day: "2026-11-27" },
      { day: "2026-11-28" },
      { day: "2026-11-29" },
      { from: "2026-11-30", to: "2026-12-02" },
      { day: "2026-12-03" },
    ]);
  });
  it("makes one row of a week without shifts, and seven of a full one", () => {
    expect(groupEmptyDays(week, () => true)).toEqual([{ from: "2026-11-27", to: "2026-12-03" }]);
    expect(groupEmptyDays(week, () => false)).toEqual(week.map((day) => ({ day })));
  });
});
