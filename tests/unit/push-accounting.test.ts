import { describe, expect, it } from "vitest";
import { accountBurst, type OutboxState, sumAccounts } from "../../scripts/bench/push-accounting";

const outbox = (rows: [string, string, number][]) =>
  new Map<string, OutboxState>(rows.map(([key, state, claims]) => [key, { key, state, claims }]));
const arrived = (key: string, at: number, decrypted = true) => ({ key, at, decrypted });

describe("push accounting", () => {
  const plan = { keys: ["1|swap-1", "2|swap-2", "3|swap-3"], committedAt: 1000 };

  it("counts pushes within the window as on time, with their latency from the commit", () => {
    const a = accountBurst(
      plan,
      [arrived("1|swap-1", 1200), arrived("2|swap-2", 1500), arrived("3|swap-3", 1100)],
      outbox([
        ["1|swap-1", "done", 1],
        ["2|swap-2", "done", 1],
        ["3|swap-3", "done", 1],
      ]),
      5000,
      9000,
    );
    expect(a).toMatchObject({ events: 3, onTime: 3, late: 0, lost: 0, retried: 0, doubleSent: 0, undelivered: 0 });
    expect(a.latencies).toEqual([100, 200, 500]);
  });

  it("tells a push sent again on a second claim (after a timeout) from one claim posted twice", () => {
    const a = accountBurst(
      plan,
      [arrived("1|swap-1", 1200), arrived("1|swap-1", 12_500), arrived("2|swap-2", 1300), arrived("2|swap-2", 1400)],
      outbox([
        ["1|swap-1", "done", 2],
        ["2|swap-2", "done", 1],
        ["3|swap-3", "done", 1],
      ]),
      5000,
      20_000,
    );
    expect(a.retried).toBe(1);
    expect(a.doubleSent).toBe(1);
    expect(a.reclaimed).toBe(1);
    // The first arrival is the one that counts for latency.
    expect(a.latencies).toContain(200);
  });

  it("tells late from still due from lost", () => {
    const a = accountBurst(
      plan,
      [arrived("1|swap-1", 7000)],
      outbox([
        ["1|swap-1", "done", 1],
        ["2|swap-2", "pending", 2],
        ["3|swap-3", "done", 1],
      ]),
      5000,
      61_000,
    );
    expect(a).toMatchObject({ onTime: 0, late: 1, undelivered: 1, lost: 1 });
    // A push still due counts as at least the time waited for it.
    expect(a.latencies).toEqual([6000, 60_000]);
  });

  it("counts a push given up by the outbox as lost, and one that never decrypted as undecryptable", () => {
    const a = accountBurst(
      plan,
      [arrived("1|swap-1", 1100, false), arrived("3|swap-3", 1100)],
      outbox([
        ["1|swap-1", "done", 1],
        ["2|swap-2", "failed", 8],
        ["3|swap-3", "done", 1],
      ]),
      5000,
      9000,
    );
    expect(a).toMatchObject({ lost: 1, undecryptable: 1, onTime: 2 });
  });

  it("ignores pushes of other bursts and sums bursts", () => {
    const other = { keys: ["4|swap-4"], committedAt: 6000 };
    const arrivals = [arrived("1|swap-1", 1100), arrived("4|swap-4", 6100), arrived("4|swap-4", 6200)];
    const states = outbox([
      ["1|swap-1", "done", 1],
      ["4|swap-4", "done", 2],
    ]);
    const first = accountBurst({ keys: ["1|swap-1"], committedAt: 1000 }, arrivals, states, 5000, 9000);
    expect(first).toMatchObject({ events: 1, onTime: 1, retried: 0 });
    const total = sumAccounts([first, accountBurst(other, arrivals, states, 5000, 9000)]);
    expect(total).toMatchObject({ events: 2, onTime: 2, retried: 1, doubleSent: 0 });
    expect(total.latencies).toEqual([100, 100]);
  });
});
