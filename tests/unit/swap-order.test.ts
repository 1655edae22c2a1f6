import { describe, expect, it } from "vitest";
import type { SwapStatus } from "../../common/enums";
import { splitByShift } from "../../common/swap-order";

const r = (id: number, status: SwapStatus, shiftDate: string) => ({ id, status, shiftDate });

describe("one order for requests and conversations", () => {
  it("lists active requests by the soonest shift, then the past ones by the latest shift", () => {
    const today = "2026-11-24";
    const list = [
      r(1, "pending", "2026-12-20"),
      r(2, "completed", "2026-12-01"),
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
});
