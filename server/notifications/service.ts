import {
  ENDPOINT_INVALID,
  ENDPOINT_NOT_PUBLIC,
  type NotificationSettings,
  type PushSubscriptionInput,
  type PushSubscriptionList,
} from "../../common/push";
import type { Db } from "../db/open";
import { badRequest } from "../errors";
import { type AddressLookup, isPublicHost } from "../security/public-address";
import {
  deleteOwnSubscription,
  emailSettingOf,
  endpointsOf,
  saveEmailSetting,
  trimSubscriptions,
  upsertSubscription,
} from "./subscription-queries";

/** Devices per user; the oldest goes when a new one subscribes beyond this. */
const MAX_SUBSCRIPTIONS = 20;

/**
 * https: to a push service on the public internet only (DESIGN §5.24): its host must resolve, and
 * only to public addresses. Loopback (plain http: too) only when the operator allows it for tests
 * and benchmarks.
 */
export async function checkEndpoint(
  endpoint: string,
  opts: { allowInsecure: boolean; lookup: AddressLookup },
): Promise<void> {
  const url = new URL(endpoint);
  const policy = { allowLoopback: opts.allowInsecure };
  const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  const schemeOk = url.protocol === "https:" || (opts.allowInsecure && url.protocol === "http:" && loopback);
  if (!schemeOk || !url.hostname) throw badRequest(ENDPOINT_INVALID, "endpoint");
  if (!(await isPublicHost(url.hostname, opts.lookup, policy))) throw badRequest(ENDPOINT_NOT_PUBLIC, "endpoint");
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

export async function listSubscriptions(db: Db, userId: number): Promise<PushSubscriptionList> {
  return { endpoints: await endpointsOf(db, userId) };
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
