import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseWorkingShifts } from "../../server/db/working-shifts-text";

// The windows' compact text comes from an aggregate without `order by`: the parser owns the order.
describe("parseWorkingShifts", () => {
  const day = (iso: string) => (Date.parse(`${iso}T00:00:00Z`) / 86_400_000).toString();

  test("names each shift type from its letter and keeps untimed shifts untimed", () => {
    const text = [
      `7,${day("2026-12-01")},d,07:00,19:00`,
      `8,${day("2026-12-02")},n,19:00,07:00`,
      `9,${day("2026-12-03")},s,,`,
    ].join(";");
    expect(parseWorkingShifts(text)).toEqual([
      { id: 7, date: "2026-12-01", shiftType: "day", startTime: "07:00", endTime: "19:00" },
      { id: 8, date: "2026-12-02", shiftType: "night", startTime: "19:00", endTime: "07:00" },
      { id: 9, date: "2026-12-03", shiftType: "seeking_coverage", startTime: null, endTime: null },
    ]);
  });

  test("puts shifts read in any order into date order, then id", () => {
    const text = [
      `30,${day("2026-12-05")},d,07:00,19:00`,
      `12,${day("2026-12-01")},n,19:00,07:00`,
      `21,${day("2026-12-05")},s,07:00,19:00`,
      `5,${day("2026-12-03")},d,08:00,20:00`,
    ].join(";");
    expect(parseWorkingShifts(text).map((s) => [s.date, s.id])).toEqual([
      ["2026-12-01", 12],
      ["2026-12-03", 5],
      ["2026-12-05", 21],
      ["2026-12-05", 30],
    ]);
  });

  test("no shift is an empty window", () => {
    expect(parseWorkingShifts(null)).toEqual([]);
    expect(parseWorkingShifts("")).toEqual([]);
  });
});

describe("parseWorkingShifts against a plain split of the text", () => {
  const TYPES: Record<string, string> = { d: "day", n: "night", s: "seeking_coverage" };
  const bySplit = (text: string) =>
    text
      .split(";")
      .map((entry) => {
        const [id, day, type, start, end] = entry.split(",");
        const date = new Date(Number(day) * 86_400_000).toISOString().slice(0, 10);
        return { id: Number(id), date, shiftType: TYPES[type] ?? type, startTime: start || null, endTime: end || null };
      })
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));

  test("reads every field of any window as splitting it would", () => {
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
    const entry = fc
      .record({
        id: fc.integer({ min: 0, max: 2_000_000_000 }),
        day: fc.integer({ min: -400, max: 30_000 }),
        type: fc.constantFrom("d", "n", "s", "rest_day"),
        start: fc.option(time, { nil: "" }),
        end: fc.option(time, { nil: "" }),
      })
      .map((e) => `${e.id},${e.day},${e.type},${e.start},${e.end}`);
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 40 }), (entries) => {
        const text = entries.join(";");
        expect(parseWorkingShifts(text)).toEqual(bySplit(text));
      }),
    );
  });
});
