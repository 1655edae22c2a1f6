import { setTimeout as delay } from "node:timers/promises";
import { type BatchSettings, type Claimed, claimBatch, recordBatch, sendBatch } from "./push-batch";
import type { SendJob } from "./push-send-queue";

/** What a lane's passes need from the worker. */
export type LaneContext = {
  settings: BatchSettings;
  /** Sends through the worker's sender of the moment. */
  sendAll: (jobs: SendJob[]) => Promise<(number | null)[]>;
  isStopped: () => boolean;
  log: { warn: (obj: object, msg: string) => void };
};

/** A lane's batches handed to the sender and not yet recorded, whichever pass claimed them. */
export type InFlight = Set<Promise<void>>;

/** Two: the next batch is with the sender while the one before finishes its last pushes. */
const BATCHES_WITH_SENDER = 2;

/** How long a prompt pass waits for its last batches before letting the next one claim beside them. */
const SLOW_SEND_WAIT_MS = 200;

/** How often the cover lane claims: its pushes leave in small batches this far apart. */
const PACE_TICK_MS = 100;

function handOver(ctx: LaneContext, claimed: Claimed, withSender: InFlight) {
  const handed: Promise<void> = sendBatch(ctx.settings, claimed, ctx.sendAll)
    .then((sent) => recordBatch(ctx.settings, sent))
    // The lease runs out and the rows are tried again, here or on another instance.
    .catch((err) => ctx.log.warn({ err }, "push worker could not record a batch; it will be sent again"))
    .finally(() => withSender.delete(handed));
  withSender.add(handed);
}

async function roomWithSender(withSender: InFlight) {
  while (withSender.size >= BATCHES_WITH_SENDER) await Promise.race(withSender);
}

/**
 * A pass of the prompt lane (every kind but cover alerts): claims and hands over batches while the
 * sender has room, and ends once nothing more is due and its last batches are sent, or after a
 * short wait for them: a push service that hangs then holds up only its own pushes, and rows that
 * commit meanwhile are claimed by the next pass (their commit wakes it) and sent beside them. Each
 * batch is claimed while the one before is being sent: under load every database round trip waits
 * its turn, and the sender would otherwise sit idle through them.
 */
export function promptPass(ctx: LaneContext, batch: number, withSender: InFlight) {
  return async (): Promise<void> => {
    for (;;) {
      await roomWithSender(withSender);
      if (ctx.isStopped()) return;
      const claimed = await claimBatch(ctx.settings, "prompt", batch);
      if (claimed.claimed === 0) return;
      // A batch that was all held: claim on (the next rows may be for others).
      if (claimed.rows.length === 0) continue;
      handOver(ctx, claimed, withSender);
      if (claimed.claimed < batch) {
        await Promise.race([Promise.allSettled([...withSender]), delay(SLOW_SEND_WAIT_MS, undefined, { ref: false })]);
        return;
      }
    }
  };
}

/**
 * A pass of the cover lane: at most `perSecond` cover-alert pushes a second from this instance, in
 * a batch every tenth of a second. A request that alerts hundreds of colleagues is then spread over
 * a second or so (its alerts are allowed 2 s, DESIGN §7) rather than sent in one burst, and the
 * prompt lane's pushes (messages, agreements) never queue behind cover alerts in the outbox
 * (decision 042).
 */
export function pacedPass(ctx: LaneContext, perSecond: number, withSender: InFlight) {
  const batch = Math.max(1, Math.round((perSecond * PACE_TICK_MS) / 1000));
  let nextAt = 0;
  return async (): Promise<void> => {
    for (;;) {
      const wait = nextAt - performance.now();
      if (wait > 0) await delay(wait, undefined, { ref: false });
      await roomWithSender(withSender);
      if (ctx.isStopped()) return;
      const claimedAt = performance.now();
      const claimed = await claimBatch(ctx.settings, "cover", batch);
      if (claimed.claimed === 0) return;
      if (claimed.rows.length === 0) continue;
      nextAt = claimedAt + (claimed.rows.length / perSecond) * 1000;
      handOver(ctx, claimed, withSender);
    }
  };
}
