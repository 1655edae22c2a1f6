import type { Clock } from "../../../server/clock";

/** A clock the test moves: it stands still until told otherwise. */
export type TestClock = Clock & { set(at: Date): void; advance(ms: number): void };

export function testClock(start: Date = new Date()): TestClock {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    set: (d) => {
      at = d.getTime();
    },
    advance: (ms) => {
      at += ms;
    },
  };
}
