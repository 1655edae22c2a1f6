import os from "node:os";
import { parentPort } from "node:worker_threads";
import webpush from "web-push";

export type EncryptJob = {
  id: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  payload: string;
  authorization: string;
  topic: string;
  ttlSeconds: number;
};
export type EncryptAnswer =
  | { id: number; ok: true; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> }
  | { id: number; ok: false; reason: string };

// A push's encryption (ECDH, HKDF, AES-GCM) costs about a millisecond of CPU. A burst of a
// thousand runs here, below the event loop's priority (on Linux a nice value set from a thread
// applies to that thread alone), so the requests the process answers come first.
if (process.platform === "linux") {
  try {
    os.setPriority(10);
  } catch {
    // not allowed here: encrypt at the normal priority
  }
}

parentPort?.on("message", (job: EncryptJob) => {
  let answer: EncryptAnswer;
  try {
    const details = webpush.generateRequestDetails({ endpoint: job.endpoint, keys: job.keys }, job.payload, {
      headers: { Authorization: job.authorization },
      TTL: job.ttlSeconds,
      urgency: "high",
      topic: job.topic,
    });
    const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
    const body = new Uint8Array(details.body ?? []);
    answer = { id: job.id, ok: true, headers, body };
    parentPort?.postMessage(answer, [body.buffer]);
  } catch (error) {
    answer = { id: job.id, ok: false, reason: error instanceof Error ? error.message : String(error) };
    parentPort?.postMessage(answer);
  }
});
