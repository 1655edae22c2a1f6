import { ENDPOINT_INVALID, type NotificationSettings, type PushSubscriptionInput } from "../../common/push";
import type { Db } from "../db/open";
import { badRequest } from "../errors";
import {
  deleteOwnSubscription,
  emailSettingOf,
  saveEmailSetting,
  trimSubscriptions,
  upsertSubscription,
} from "./subscription-queries";

/** Devices per user; the oldest goes when a new one subscribes beyond this. */
const MAX_SUBSCRIPTIONS = 20;

/** https: only, except loopback when the operator allows it for tests and benchmarks. */
export function checkEndpoint(endpoint: string, allowInsecure: boolean): void {
  const url = new URL(endpoint);
  if (url.protocol === "https:" && url.hostname) return;
  const loopback = url.hostname === "127.0.0.1" || url.hostname === "localhost";
  if (allowInsecure && url.protocol === "http:" && loopback) return;
  throw badRequest(ENDPOINT_INVALID, "endpoint");
}

/** Saves the device's subscription for the caller; an endpoint already known moves to them. */
export async function saveSubscription(
  db: Db,
  userId: number,
  input: PushSubscriptionInput,
): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    const created = await upsertSubscription(tx, userId, input);
    await trimSubscriptions(tx, userId, MAX_SUBSCRIPTIONS);
    return { created };
  });
}

/** Removes the caller's own subscription; someone else's endpoint is left alone. */
export function removeSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  return deleteOwnSubscription(db, userId, endpoint);
}

export async function getSettings(db: Db, userId: number): Promise<NotificationSettings> {
  return { email: (await emailSettingOf(db, userId)) ?? true };
}

export async function saveSettings(db: Db, userId: number, input: NotificationSettings): Promise<NotificationSettings> {
  await saveEmailSetting(db, userId, input.email);
  return { email: input.email };
}
