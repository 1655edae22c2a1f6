import webpush from "web-push";
import { addDays, londonDate } from "../../common/dates";
import type { PushPayload } from "../../common/push";
import type { Clock } from "../clock";
import type { VapidKeys } from "../config";
import type { Db } from "../db/open";
import {
  type ClaimedRow,
  claimDue,
  type Deliveries,
  type DropAfter,
  finishRows,
  type PushLane,
  recordFailures,
  retryRow,
  type SubscriptionRow,
} from "./push-queries";
import type { SendJob } from "./push-send-queue";
import { REFUSED_ADDRESS } from "./push-transport";
import { holdQuietRows } from "./quiet-hold";

type Outcome = "ok" | "gone" | "retry";

/**
 * Answers that never change for this device: expired or unknown (404, 410), refused for our VAPID
 * key (401, 403), or an endpoint that is no longer a public address. The device is forgotten, and
 * shows push off, rather than retried for ever.
 */
const GONE = new Set([401, 403, 404, 410, REFUSED_ADDRESS]);

const outcomeOf = (status: number | null): Outcome => {
  if (status !== null && GONE.has(status)) return "gone";
  return status !== null && status >= 200 && status < 300 ? "ok" : "retry";
};

const backoffMs = (attempt: number) => Math.min(5 * 60_000, 1000 * 2 ** (attempt - 1)) * (0.75 + Math.random() / 2);

/** The VAPID `Authorization` header for a push endpoint. */
export type VapidSigner = (endpoint: string) => string;

/**
 * One signed VAPID JWT per push service origin, renewed well before its 12 h expiry: signing per
 * push would cost more CPU than the encryption.
 */
export function createVapidSigner(subject: string, vapid: VapidKeys): VapidSigner {
  // Keyed by the endpoint up to its path: parsing every endpoint as a URL cost more than the rest.
  const jwtCache = new Map<string, { authorization: string; until: number }>();
  return (endpoint) => {
    const pathAt = endpoint.indexOf("/", endpoint.indexOf("//") + 2);
    const key = pathAt < 0 ? endpoint : endpoint.slice(0, pathAt);
    const hit = jwtCache.get(key);
    if (hit && hit.until > Date.now()) return hit.authorization;
    const audience = new URL(endpoint).origin;
    const expiration = Math.floor(Date.now() / 1000) + 12 * 3600;
    const headers = webpush.getVapidHeaders(
      audience,
      subject,
      vapid.publicKey,
      vapid.privateKey,
      "aes128gcm",
      expiration,
    );
    const authorization = String(headers.Authorization);
    jwtCache.set(key, { authorization, until: Date.now() + 6 * 3600 * 1000 });
    return authorization;
  };
}

function jobFor(sub: SubscriptionRow, row: ClaimedRow, sign: VapidSigner): SendJob {
  const payload: PushPayload = { title: row.title, body: row.body, url: row.url, tag: row.tag };
  return {
    endpoint: sub.endpoint,
    p256dh: sub.p256dh,
    auth: sub.auth,
    payload: JSON.stringify(payload),
    authorization: sign(sub.endpoint),
    topic: row.tag.replace(/[^A-Za-z0-9_-]/g, ""),
  };
}

type Result = { id: number; state: "done" | "skipped" | "failed" | "retry"; dueTo: number[]; attempts: number };

/** The devices a row is still to reach, or null when it needs no push. */
function devicesFor(row: ClaimedRow, subs: SubscriptionRow[]): SubscriptionRow[] | null {
  // A message read on an open screen during its hold, or anything read while the recipient's quiet
  // time held it, needs no push.
  if (row.readAt && (row.kind === "message" || row.pushHeldUntil)) return null;
  // The devices are fixed at the first attempt; a device added later never gets an old event.
  const targets = row.pushDueTo ? new Set(row.pushDueTo) : null;
  return targets ? subs.filter((s) => targets.has(s.id)) : subs;
}

function settle(
  row: ClaimedRow,
  outcomes: (readonly [number, Outcome])[],
  deliveries: Deliveries,
  maxAttempts: number,
): Result {
  const failed: number[] = [];
  for (const [id, outcome] of outcomes) {
    if (outcome === "ok") deliveries.ok.push(id);
    else if (outcome === "gone") deliveries.gone.push(id);
    else failed.push(id);
  }
  deliveries.failed.push(...failed);
  if (failed.length === 0) return { id: row.id, state: "done", dueTo: [], attempts: row.pushAttempts };
  if (row.pushAttempts >= maxAttempts) return { id: row.id, state: "failed", dueTo: failed, attempts: 0 };
  return { id: row.id, state: "retry", dueTo: failed, attempts: row.pushAttempts };
}

/** How the worker claims, sends and records its batches. */
export type BatchSettings = {
  db: Db;
  leaseMs: number;
  messageHoldMs: number;
  maxAttempts: number;
  dropAfter: DropAfter;
  sign: VapidSigner;
  clock: Clock;
};

/** Due rows under a lease, each with its recipient's devices. */
export type Claimed = { rows: ClaimedRow[] };

/**
 * Due rows under a lease; those whose recipient is in quiet time are held instead, so a batch may
 * come back with fewer rows than were claimed (`claimed` says how many were).
 */
export async function claimBatch(
  s: BatchSettings,
  lane: PushLane,
  batch: number,
): Promise<Claimed & { claimed: number }> {
  const now = s.clock.now();
  const today = londonDate(now);
  const due = await claimDue(s.db, {
    lane,
    batch,
    leaseMs: s.leaseMs,
    messageHoldMs: s.messageHoldMs,
    now,
    // A night that ends today began yesterday (or today, before 05:00); a chained window may reach tomorrow.
    quietFrom: addDays(today, -1),
    quietTo: addDays(today, 1),
  });
  return { rows: await holdQuietRows(s.db, due, now), claimed: due.length };
}

type Sent = { deliveries: Deliveries; results: Result[] };

/** Sends every row's pushes through `sendAll` and works out what became of each row and device. */
export async function sendBatch(
  s: BatchSettings,
  claimed: Claimed,
  sendAll: (jobs: SendJob[]) => Promise<(number | null)[]>,
): Promise<Sent> {
  const deliveries: Deliveries = { ok: [], failed: [], gone: [] };
  const plans = claimed.rows.map((row) => ({ row, devices: devicesFor(row, row.subs) }));
  const jobs = plans.flatMap(({ row, devices }) => (devices ?? []).map((sub) => jobFor(sub, row, s.sign)));
  const statuses = jobs.length > 0 ? await sendAll(jobs) : [];
  let at = 0;
  const results = plans.map(({ row, devices }): Result => {
    if (!devices) return { id: row.id, state: "skipped", dueTo: [], attempts: 0 };
    return settle(
      row,
      devices.map((sub) => [sub.id, outcomeOf(statuses[at++])] as const),
      deliveries,
      s.maxAttempts,
    );
  });
  return { deliveries, results };
}

export async function recordBatch(s: BatchSettings, { deliveries, results }: Sent): Promise<void> {
  await recordFailures(s.db, deliveries, s.dropAfter);
  const finished = results.filter((r): r is Result & { state: "done" | "skipped" | "failed" } => r.state !== "retry");
  await finishRows(s.db, finished, deliveries.ok);
  for (const r of results.filter((x) => x.state === "retry")) {
    await retryRow(s.db, r.id, backoffMs(r.attempts), r.dueTo);
  }
}
