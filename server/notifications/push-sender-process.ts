import { setMaxListeners } from "node:events";
import webpush from "web-push";
import { lowerPriority } from "../lower-priority";
import type { AddressPolicy } from "../security/public-address";
import { postPush } from "./push-transport";

/** Handed over as the process's one argument, in JSON. */
export type SenderData = { policy: AddressPolicy };
const { policy } = JSON.parse(process.argv[2] ?? '{"policy":{"allowLoopback":false}}') as SenderData;

export type SendJob = {
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: string;
  /** The signed VAPID header, made once per push service by the caller. */
  authorization: string;
  topic: string;
};
/** A batch's pushes go to the sender in one message and their answers come back in one. */
export type SendBatch = { id: number; jobs: SendJob[]; timeoutMs: number };
/**
 * Per job, the push service's status (REFUSED_ADDRESS when the endpoint is not a public address),
 * or null when it could not be reached, hung, or the send was stopped.
 */
export type BatchAnswer = { id: number; statuses: (number | null)[] };
export type SenderMessage = { batch: SendBatch } | "stop";

/** Pushes on their way at once: enough to hide a push service's latency. */
const SENDING_AT_ONCE = 16;

// When the CPUs are busy, the event loop answering clinicians comes before encrypting and posting
// pushes, and before this process's garbage collection too.
lowerPriority();

const stopping = new AbortController();
// Every push in flight listens on this one signal and lets go when it ends: no leak.
setMaxListeners(0, stopping.signal);

async function send(job: SendJob, timeoutMs: number): Promise<number | null> {
  try {
    // Encryption (ECDH, HKDF, AES-GCM) is synchronous CPU work: here it holds up only this process.
    const details = webpush.generateRequestDetails(
      { endpoint: job.endpoint, keys: { p256dh: job.p256dh, auth: job.auth } },
      job.payload,
      { headers: { Authorization: job.authorization }, TTL: 24 * 60 * 60, urgency: "high", topic: job.topic },
    );
    return await postPush({
      endpoint: details.endpoint,
      headers: Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)])),
      body: details.body,
      timeoutMs,
      signal: stopping.signal,
      policy,
    });
  } catch {
    return null;
  }
}

type Waiting = { id: number; statuses: (number | null)[]; left: number };

/** Pushes of every batch handed over, in order; the lanes take from here across batches. */
const queue: { job: SendJob; timeoutMs: number; batch: Waiting; index: number }[] = [];
let lanes = 0;

/** Sent to the server; gone with it, there is no one left to tell. */
function tell(message: BatchAnswer | "ready") {
  if (process.connected) process.send?.(message, undefined, undefined, () => {});
}

const answer = (batch: Waiting) => tell({ id: batch.id, statuses: batch.statuses });

async function lane() {
  for (let item = queue.shift(); item; item = queue.shift()) {
    item.batch.statuses[item.index] = stopping.signal.aborted ? null : await send(item.job, item.timeoutMs);
    item.batch.left -= 1;
    if (item.batch.left === 0) answer(item.batch);
  }
  lanes -= 1;
}

/**
 * Queues a batch behind those already here: a batch handed over before the one before it has
 * finished keeps every lane busy through that one's last, slowest pushes.
 */
function enqueue(batch: SendBatch) {
  const waiting: Waiting = { id: batch.id, statuses: new Array(batch.jobs.length).fill(null), left: batch.jobs.length };
  if (waiting.left === 0) return answer(waiting);
  batch.jobs.forEach((job, index) => {
    queue.push({ job, timeoutMs: batch.timeoutMs, batch: waiting, index });
  });
  for (let more = Math.min(SENDING_AT_ONCE - lanes, queue.length); more > 0; more -= 1) {
    lanes += 1;
    void lane();
  }
}

process.on("message", (message: SenderMessage) => {
  if (message === "stop") {
    stopping.abort();
    return;
  }
  enqueue(message.batch);
});
// The server is gone (stopped, or killed without a word): so is every push it would record.
process.on("disconnect", () => process.exit(0));
tell("ready");
