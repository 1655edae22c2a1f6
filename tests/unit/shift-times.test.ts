import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import { shiftTimes } from "../../client/src/lib/format";
import { formatTime12, shiftTimeRange, shiftTimesText, TIME_FORMAT } from "../../client/src/lib/shift-times";

const shift = (shiftType: string, startTime: string | null = null, endTime: string | null = null) => ({
  shiftType,
  startTime,
  endTime,
});

describe("shift times on every screen", () => {
  it("writes times as SPEC's 'h:mm a' and ranges one way", () => {
    expect(shiftTimeRange(shift("day", "07:00", "19:00"))).toBe("7:00 AM – 7:00 PM");
    expect(shiftTimeRange(shift("seeking_coverage", "19:15", "07:45"))).toBe("7:15 PM – 7:45 AM");
    // The same text date-fns writes for message times with the shared pattern.
    for (const t of ["00:00", "09:05", "12:30", "23:45"]) {
      const [h, m] = t.split(":").map(Number);
      expect(formatTime12(t)).toBe(format(new Date(2026, 0, 1, h, m), TIME_FORMAT));
    }
  });

  it("shows SPEC §9's display fallback for untimed day and night shifts, never 'Time TBD'", () => {
    expect(shiftTimesText(shift("day"))).toBe("6:00 AM – 6:00 PM");
    expect(shiftTimesText(shift("night"))).toBe("6:00 PM – 6:00 AM");
    expect(shiftTimes({ shiftType: "night", startTime: null, endTime: null })).toBe("6:00 PM – 6:00 AM");
    expect(shiftTimesText(shift("seeking_coverage"))).toBe("Time TBD");
    expect(shiftTimesText(shift("annual_leave"))).toBe("All day");
    expect(shiftTimeRange(shift("rest_day"))).toBeNull();
  });
});
