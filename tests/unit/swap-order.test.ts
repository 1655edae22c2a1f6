import { describe, expect, it } from "vitest";
import type { SwapStatus } from "../../common/enums";
import { awaitsGrs, isActive, splitByShift } from "../../common/swap-order";

const r = (id: number, status: SwapStatus, shiftDate: string, grsSubmitted = false) => ({
  id,
  status,
  shiftDate,
  grsSubmitted,
});

describe("one order for requests and conversations", () => {
  it("lists active requests by the soonest shift, then the past ones by the latest shift", () => {
    const today = "2026-11-24";
    const list = [
      r(1, "pending", "2026-12-20"),
      r(2, "completed", "2026-12-01", true),
      r(3, "accepted", "2026-11-25"),
      r(4, "pending", "2026-11-20"), // its shift has gone: past
      r(5, "declined", "2026-12-30"),
      r(6, "pending", "2026-11-24"),
      r(7, "cancelled", "2026-11-26"),
    ];
    const { active, past } = splitByShift(list, (x) => x, today);
    expect(active.map((x) => x.id)).toEqual([6, 3, 1]);
    expect(past.map((x) => x.id)).toEqual([5, 2, 7, 4]);
  });

  it("keeps a completed swap with the active ones until it is submitted on GRS or its shift is over", () => {
    const today = "2026-11-24";
    const list = [
      r(1, "pending", "2026-12-20"),
      r(2, "completed", "2026-12-15"), // three weeks ahead, not yet on GRS: active
      r(3, "completed", "2026-12-10", true), // submitted on GRS: past
      r(4, "completed", "2026-11-23"), // its shift is over: past, GRS or not
      r(5, "completed", "2026-11-24"), // today's shift is not over yet
    ];
    const { active, past } = splitByShift(list, (x) => x, today);
    expect(active.map((x) => x.id)).toEqual([5, 2, 1]);
    expect(past.map((x) => x.id)).toEqual([3, 4]);
  });

  it("says which requests wait for the GRS step", () => {
    const today = "2026-11-24";
    expect(awaitsGrs(r(1, "completed", "2026-12-15"), today)).toBe(true);
    expect(awaitsGrs(r(1, "completed", "2026-12-15", true), today)).toBe(false);
    expect(awaitsGrs(r(1, "completed", "2026-11-23"), today)).toBe(false);
    expect(awaitsGrs(r(1, "accepted", "2026-12-15"), today)).toBe(false);
    expect(isActive(r(1, "declined", "2026-12-15"), today)).toBe(false);
    expect(isActive(r(1, "cancelled", "2026-12-15"), today)).toBe(false);
  });
});
