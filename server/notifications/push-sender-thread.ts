import { setMaxListeners } from "node:events";
import os from "node:os";
import { parentPort } from "node:worker_threads";
import webpush from "web-push";
import { postPush } from "./push-transport";

export type SendJob = {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: string;
  /** The signed VAPID header, made once per push service by the caller. */
  authorization: string;
  topic: string;
  timeoutMs: number;
};
/** The push service's status, or null when it could not be reached, hung, or the send was stopped. */
export type SendAnswer = { id: number; status: number | null };
export type SenderMessage = { job: SendJob } | "stop";

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

async function send(job: SendJob): Promise<number | null> {
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
      timeoutMs: job.timeoutMs,
      signal: stopping.signal,
    });
  } catch {
    return null;
  }
}

parentPort?.on("message", (message: SenderMessage) => {
  if (message === "stop") {
    stopping.abort();
    return;
  }
  void send(message.job).then((status) => parentPort?.postMessage({ id: message.job.id, status } satisfies SendAnswer));
});
parentPort?.postMessage("ready");
