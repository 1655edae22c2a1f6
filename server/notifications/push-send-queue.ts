import { setMaxListeners } from "node:events";
import webpush from "web-push";
import type { AddressPolicy } from "../security/public-address";
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

export type SendQueue = {
  /**
   * Per job, in order, the push service's status (REFUSED_ADDRESS when the endpoint is not a public
   * address), or null when it could not be reached, hung, or sending stopped.
   */
  sendAll(jobs: SendJob[], timeoutMs: number): Promise<(number | null)[]>;
  /** Ends the sends in flight and every one after: each answers null at once. */
  stop(): void;
};

/** Pushes on their way at once: enough to hide a push service's latency. */
const SENDING_AT_ONCE = 16;

type Waiting = { statuses: (number | null)[]; left: number; done: (statuses: (number | null)[]) => void };

/**
 * Encrypts and posts pushes, a few at a time across every batch handed over: a batch handed over
 * before the one before it has finished keeps every lane busy through that one's last, slowest
 * pushes.
 */
export function createSendQueue(policy: AddressPolicy): SendQueue {
  const stopping = new AbortController();
  // Every push in flight listens on this one signal and lets go when it ends: no leak.
  setMaxListeners(0, stopping.signal);
  const queue: { job: SendJob; timeoutMs: number; batch: Waiting; index: number }[] = [];
  let lanes = 0;

  async function send(job: SendJob, timeoutMs: number): Promise<number | null> {
    try {
      // Encryption (ECDH, HKDF, AES-GCM) is synchronous CPU work, in a process of its own.
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

  async function lane() {
    for (let item = queue.shift(); item; item = queue.shift()) {
      item.batch.statuses[item.index] = stopping.signal.aborted ? null : await send(item.job, item.timeoutMs);
      item.batch.left -= 1;
      if (item.batch.left === 0) item.batch.done(item.batch.statuses);
    }
    lanes -= 1;
  }

  return {
    sendAll(jobs, timeoutMs) {
      const statuses = new Array<number | null>(jobs.length).fill(null);
      if (jobs.length === 0 || stopping.signal.aborted) return Promise.resolve(statuses);
      return new Promise((done) => {
        const batch: Waiting = { statuses, left: jobs.length, done };
        jobs.forEach((job, index) => {
          queue.push({ job, timeoutMs, batch, index });
        });
        for (let more = Math.min(SENDING_AT_ONCE - lanes, queue.length); more > 0; more -= 1) {
          lanes += 1;
          void lane();
        }
      });
    },
    stop() {
      stopping.abort();
    },
  };
}
