import { tzOffset } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import { compareDays, LONDON, londonDate, londonOffset } from "../../common/dates";
import { MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG } from "../../common/message-rules";

const HOUR = 3_600_000;
const intlDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: LONDON,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

describe("Europe/London without Intl", () => {
  it("agrees with the time-zone database at every hour from 1996 to 2100", () => {
    const mismatches: string[] = [];
    for (let t = Date.UTC(1996, 0, 1); t < Date.UTC(2101, 0, 1); t += HOUR) {
      const expected = tzOffset(LONDON, new Date(t));
      if (londonOffset(t) !== expected)
        mismatches.push(`${new Date(t).toISOString()}: ${londonOffset(t)} ≠ ${expected}`);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it("changes exactly at 01:00 UTC on the last Sundays of March and October", () => {
    // 2026: BST from Sun 29 March 01:00 UTC to Sun 25 October 01:00 UTC.
    const start = Date.UTC(2026, 2, 29, 1);
    const end = Date.UTC(2026, 9, 25, 1);
    expect([londonOffset(start - 1), londonOffset(start), londonOffset(end - 1), londonOffset(end)]).toEqual([
      0, 60, 60, 0,
    ]);
  });

  it("names the London day of an instant as the time-zone database does, across midnights and changes", () => {
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2028, 0, 1); t += 30 * 60_000) {
      const d = new Date(t);
      if (londonDate(d) !== intlDay.format(d)) throw new Error(`${d.toISOString()}: ${londonDate(d)}`);
    }
    // 23:30 UTC on 30 June is already 1 July in London (BST); on 30 December it is not.
    expect(londonDate(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    expect(londonDate(new Date("2026-12-30T23:30:00Z"))).toBe("2026-12-30");
  });

  it("asks the time-zone database before 1996 and refuses an invalid instant", () => {
    expect(londonOffset(Date.UTC(1990, 6, 1))).toBe(60);
    expect(londonOffset(Date.UTC(1990, 11, 1))).toBe(0);
    expect(() => londonDate(new Date(Number.NaN))).toThrow(RangeError);
  });

  it("orders days as text and writes the message limit as en-GB does", () => {
    expect(["2026-12-01", "2026-01-31", "2025-12-31"].sort(compareDays)).toEqual([
      "2025-12-31",
      "2026-01-31",
      "2026-12-01",
    ]);
    expect(compareDays("2026-01-01", "2026-01-01")).toBe(0);
    expect(MESSAGE_TOO_LONG).toBe(`Message must be at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-GB")} characters`);
  });
});
