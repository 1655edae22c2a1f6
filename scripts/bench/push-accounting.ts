// What became of each push of a burst, from both ends (docs/benchmarks.md, "Push accounting").
// The network is at-least-once: a push the stand-in push service took, but answered after the
// sender had given up on it (a timeout while the service was starved of CPU), is sent again, and
// arrives twice; the notification's tag collapses the two on the device. Exactly-once belongs to
// the outbox, one claim per attempt: a second arrival with no second claim behind it is a real
// double send. A push not there when the burst's window closed is late, not lost, unless the
// outbox says it was accepted or given up and it never came.

/** One event of a burst: who it goes to and its tag, as `${userId}|${tag}`. */
export type EventKey = string;

/** A push as the stand-in push service saw it. */
export type Arrival = { key: EventKey; at: number; decrypted: boolean };

/** An event's outbox row after the run: its state and how many times it was claimed. */
export type OutboxState = { key: EventKey; state: string; claims: number };

export type BurstPlan = { keys: EventKey[]; committedAt: number };

export type PushAccount = {
  events: number;
  /** First arrival within the window. */
  onTime: number;
  /** First arrival after the window closed, within the grace period. */
  late: number;
  /** Not arrived when the grace period ended, and still due in the outbox: late, not lost. */
  undelivered: number;
  /** Extra arrivals with a claim of their own behind each: sent again after a timeout (at-least-once). */
  retried: number;
  /** Extra arrivals beyond the event's claims: one claim posted twice. */
  doubleSent: number;
  /** Never arrived although the push service accepted it, or the outbox gave it up. */
  lost: number;
  /** Arrived, but none of its arrivals decrypted. */
  undecryptable: number;
  /** Events claimed more than once. */
  reclaimed: number;
  /** Commit → first arrival of each delivered event, ms; undelivered ones count as the time waited. */
  latencies: number[];
};

/** Accounts for one burst's events. `windowMs` is measured from the commit, `endedAt` is when the wait ended. */
export function accountBurst(
  plan: BurstPlan,
  arrivals: Arrival[],
  outbox: Map<EventKey, OutboxState>,
  windowMs: number,
  endedAt: number,
): PushAccount {
  const wanted = new Set(plan.keys);
  const byKey = new Map<EventKey, Arrival[]>();
  for (const a of arrivals) {
    if (!wanted.has(a.key)) continue;
    const list = byKey.get(a.key);
    if (list) list.push(a);
    else byKey.set(a.key, [a]);
  }
  const account: PushAccount = {
    events: plan.keys.length,
    onTime: 0,
    late: 0,
    undelivered: 0,
    retried: 0,
    doubleSent: 0,
    lost: 0,
    undecryptable: 0,
    reclaimed: 0,
    latencies: [],
  };
  const closes = plan.committedAt + windowMs;
  for (const key of plan.keys) {
    const row = outbox.get(key);
    const claims = row?.claims ?? 0;
    if (claims > 1) account.reclaimed++;
    const came = (byKey.get(key) ?? []).sort((a, b) => a.at - b.at);
    if (came.length === 0) {
      if (row?.state === "pending") {
        account.undelivered++;
        account.latencies.push(endedAt - plan.committedAt);
      } else account.lost++;
      continue;
    }
    if (!came.some((a) => a.decrypted)) account.undecryptable++;
    account.latencies.push(came[0].at - plan.committedAt);
    if (came[0].at <= closes) account.onTime++;
    else account.late++;
    const extra = came.length - 1;
    const explained = Math.max(0, Math.min(extra, claims - 1));
    account.retried += explained;
    account.doubleSent += extra - explained;
  }
  account.latencies.sort((a, b) => a - b);
  return account;
}

/** The sum of several bursts' accounts. */
export function sumAccounts(accounts: PushAccount[]): PushAccount {
  const total = accountBurst({ keys: [], committedAt: 0 }, [], new Map(), 0, 0);
  for (const a of accounts) {
    for (const k of Object.keys(total) as (keyof PushAccount)[]) {
      if (k === "latencies") total.latencies.push(...a.latencies);
      else total[k] += a[k];
    }
  }
  total.latencies.sort((a, b) => a - b);
  return total;
}

/** One line for the log: what became of the pushes. */
export function describeAccount(a: PushAccount, windowMs: number): string {
  return (
    `${a.events} pushes: ${a.onTime} within ${windowMs / 1000} s of their commit, ${a.late} later, ` +
    `${a.undelivered} still due in the outbox when the wait ended; ${a.retried} arrived again after a timeout ` +
    `(sent again on a new claim: at-least-once, collapsed on the device by the tag), ${a.doubleSent} real double ` +
    `sends, ${a.lost} lost, ${a.undecryptable} undecryptable; ${a.reclaimed} events claimed more than once`
  );
}
