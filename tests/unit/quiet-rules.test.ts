import { describe, expect, it } from "vitest";
import { quietUntil } from "../../common/quiet-rules";

const at = (iso: string) => new Date(iso);
const iso = (d: Date | null) => d?.toISOString() ?? null;
const off = { quietHours: null, quietAfterNight: null };

describe("quietUntil", () => {
  it("is null with nothing chosen", () => {
    expect(quietUntil(at("2026-12-02T03:00:00Z"), off, [])).toBeNull();
  });

  it("reads a window that crosses midnight on both sides of it, in London time", () => {
    const q = { ...off, quietHours: { start: "22:00", end: "07:00" } };
    expect(iso(quietUntil(at("2026-12-01T23:30:00Z"), q, []))).toBe("2026-12-02T07:00:00.000Z");
    expect(iso(quietUntil(at("2026-12-02T03:00:00Z"), q, []))).toBe("2026-12-02T07:00:00.000Z");
    expect(quietUntil(at("2026-12-02T07:00:00Z"), q, [])).toBeNull();
    expect(quietUntil(at("2026-12-02T21:59:00Z"), q, [])).toBeNull();
    // Summer: London is an hour ahead of UTC.
    expect(iso(quietUntil(at("2026-07-01T21:30:00Z"), q, []))).toBe("2026-07-02T06:00:00.000Z");
  });

  it("reads a window within one day", () => {
    const q = { ...off, quietHours: { start: "13:00", end: "15:30" } };
    expect(iso(quietUntil(at("2026-12-02T14:00:00Z"), q, []))).toBe("2026-12-02T15:30:00.000Z");
    expect(quietUntil(at("2026-12-02T12:59:00Z"), q, [])).toBeNull();
  });

  it("after a night shift: from its end until the time that day; never after a day shift", () => {
    const q = { ...off, quietAfterNight: { until: "15:00" } };
    const night = { date: "2026-12-01", shiftType: "night" as const, startTime: "19:00", endTime: "07:00" };
    expect(quietUntil(at("2026-12-02T06:30:00Z"), q, [night])).toBeNull();
    expect(iso(quietUntil(at("2026-12-02T07:00:00Z"), q, [night]))).toBe("2026-12-02T15:00:00.000Z");
    expect(quietUntil(at("2026-12-02T15:00:00Z"), q, [night])).toBeNull();
    // Untimed: SPEC §9's display times, 18:00 to 06:00.
    const untimed = { ...night, startTime: null, endTime: null };
    expect(iso(quietUntil(at("2026-12-02T06:00:00Z"), q, [untimed]))).toBe("2026-12-02T15:00:00.000Z");
    const day = { date: "2026-12-02", shiftType: "day" as const, startTime: "06:00", endTime: "10:00" };
    expect(quietUntil(at("2026-12-02T10:30:00Z"), q, [day])).toBeNull();
    // A night that ends after the chosen time leaves no quiet time.
    const late = { ...night, startTime: "22:00", endTime: "16:00" };
    expect(quietUntil(at("2026-12-02T16:30:00Z"), q, [late])).toBeNull();
  });

  it("joins windows that meet: quiet hours to 07:00 then after the night to 12:00", () => {
    const q = { quietHours: { start: "22:00", end: "07:00" }, quietAfterNight: { until: "12:00" } };
    const night = { date: "2026-12-01", shiftType: "night" as const, startTime: "19:00", endTime: "07:00" };
    expect(iso(quietUntil(at("2026-12-01T23:00:00Z"), q, [night]))).toBe("2026-12-02T12:00:00.000Z");
  });
});
