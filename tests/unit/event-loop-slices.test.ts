import { describe, expect, it } from "vitest";
import { filterInSlices } from "../../server/event-loop-slices";

const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // holding the thread, as the working-time rules over many colleagues do
  }
};

describe("filterInSlices", () => {
  it("keeps what filter keeps, in order", async () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    const keep = (n: number) => n % 3 === 1;
    expect(await filterInSlices(items, keep)).toEqual(items.filter(keep));
    expect(await filterInSlices([], keep)).toEqual([]);
  });

  it("lets other work on the event loop run while a long filter is under way", async () => {
    let finished = false;
    let otherRanBeforeTheEnd = false;
    setImmediate(() => {
      otherRanBeforeTheEnd = !finished;
    });
    const kept = await filterInSlices([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], (n) => {
      busyFor(1);
      return n > 5;
    });
    finished = true;
    expect(kept).toEqual([6, 7, 8, 9, 10]);
    expect(otherRanBeforeTheEnd).toBe(true);
  });
});
