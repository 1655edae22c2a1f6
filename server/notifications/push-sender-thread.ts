import { setMaxListeners } from "node:events";
import os from "node:os";
import { parentPort } from "node:worker_threads";
import webpush from "web-push";
import { postPush } from "./push-transport";

export type SendJob = {
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: string;
  /** The signed VAPID header, made once per push service by the caller. */
  authorization: string;
  topic: string;
};
/** A batch's pushes go to the thread in one message and their answers come back in one. */
export type SendBatch = { id: number; jobs: SendJob[]; timeoutMs: number };
/** Per job, the push service's status, or null when it could not be reached, hung, or the send was stopped. */
export type BatchAnswer = { id: number; statuses: (number | null)[] };
export type SenderMessage = { batch: SendBatch } | "stop";

/** Pushes on their way at once: enough to hide a push service's latency. */
const SENDING_AT_ONCE = 16;

// On Linux a nice value set from a thread applies to that thread alone: when the CPUs are busy,
// the event loop answering clinicians comes before encrypting and posting pushes.
if (process.platform === "linux") {
  try {
    os.setPriority(10);
  } catch {
    // not allowed here: send at the normal priority
  }
}

const stopping = new AbortController();
// Every push in flight listens on this one signal and lets go when it ends: no leak.
setMaxListeners(0, stopping.signal);

async function send(job: SendJob, timeoutMs: number): Promise<number | null> {
  try {
    // Encryption (ECDH, HKDF, AES-GCM) is synchronous CPU work: here it holds up only this thread.
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
    });
  } catch {
    return null;
  }
}

async function sendAll(batch: SendBatch): Promise<(number | null)[]> {
  const statuses = new Array<number | null>(batch.jobs.length).fill(null);
  let next = 0;
  const lane = async () => {
    while (next < batch.jobs.length && !stopping.signal.aborted) {
      const i = next++;
      statuses[i] = await send(batch.jobs[i], batch.timeoutMs);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SENDING_AT_ONCE, batch.jobs.length) }, lane));
  return statuses;
}

parentPort?.on("message", (message: SenderMessage) => {
  if (message === "stop") {
    stopping.abort();
    return;
  }
  void sendAll(message.batch).then((statuses) =>
    parentPort?.postMessage({ id: message.batch.id, statuses } satisfies BatchAnswer),
  );
});
parentPort?.postMessage("ready");
