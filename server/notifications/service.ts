import { hubs } from "../../common/hubs";
import {
  ENDPOINT_INVALID,
  ENDPOINT_NOT_PUBLIC,
  type NotificationSettings,
  type NotificationSettingsInput,
  type PushSubscriptionInput,
  type PushSubscriptionList,
} from "../../common/push";
import type { Db } from "../db/open";
import { transact } from "../db/transact";
import { badRequest, notFound } from "../errors";
import { type AddressLookup, isPublicHost } from "../security/public-address";
import { releaseHeld } from "./outbox-queries";
import {
  deleteOwnSubscription,
  endpointsOf,
  type StoredChoices,
  saveChoices,
  saveEmailSetting,
  settingsOf,
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

/** What the settings fall back to where a user has not chosen: the server's configuration. */
export type SettingsDefaults = { coverAlertsPerDay: number };

export async function getSettings(db: Db, userId: number, defaults: SettingsDefaults): Promise<NotificationSettings> {
  const s = await settingsOf(db, userId);
  if (!s) throw notFound("User not found");
  return {
    email: s.email,
    coverAlerts: s.coverAlerts,
    followAllHubs: s.followAllHubs,
    followedHubs: s.followedHubs ?? (s.ownHub ? [s.ownHub] : []),
    quietHours: s.quietStart && s.quietEnd ? { start: s.quietStart, end: s.quietEnd } : null,
    quietAfterNight: s.quietAfterNightUntil ? { until: s.quietAfterNightUntil } : null,
    coverAlertsPerDay: s.coverAlertsPerDay ?? defaults.coverAlertsPerDay,
  };
}

/** The input's choices as stored; what is not given stays as it is. */
function storedChoices(input: NotificationSettingsInput): StoredChoices {
  const { coverAlerts, followAllHubs, followedHubs, quietHours, quietAfterNight, coverAlertsPerDay } = input;
  return {
    ...(coverAlerts !== undefined && { coverAlerts }),
    ...(followAllHubs !== undefined && { followAllHubs }),
    // In the stored hubs' order, once each.
    ...(followedHubs !== undefined && { followedHubs: hubs.filter((h) => followedHubs.includes(h)) }),
    ...(quietHours !== undefined && { quietStart: quietHours?.start ?? null, quietEnd: quietHours?.end ?? null }),
    ...(quietAfterNight !== undefined && { quietAfterNightUntil: quietAfterNight?.until ?? null }),
    ...(coverAlertsPerDay !== undefined && { coverAlertsPerDay }),
  };
}

/**
 * Saves the choices given. A change to quiet hours or 'quiet after a night shift' releases the
 * user's held pushes in the same transaction: the push worker looks at them again at once and
 * holds them to the new window's end if they still fall in one, or sends them.
 */
export async function saveSettings(
  db: Db,
  userId: number,
  input: NotificationSettingsInput,
  opts: SettingsDefaults & { now: Date },
): Promise<NotificationSettings> {
  await transact(db, async (tx) => {
    if (input.email !== undefined) await saveEmailSetting(tx, userId, input.email);
    await saveChoices(tx, userId, storedChoices(input));
    if (input.quietHours !== undefined || input.quietAfterNight !== undefined) await releaseHeld(tx, userId, opts.now);
  });
  return getSettings(db, userId, opts);
}
