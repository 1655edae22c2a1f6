import { deleteSubscription, getPublicKey, listSubscriptions, saveSubscription } from "./api/push-subscriptions";

/** What this browser can do about push, and what it does now. */
export type PushState = "unsupported" | "blocked" | "off" | "on";

export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window &&
    window.isSecureContext
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription();
  if (!sub || Notification.permission !== "granted") return "off";
  return (await knownToServer(sub)) ? "on" : "off";
}

/**
 * Whether the server still pushes to this browser: it forgets a device whose push service refused
 * its pushes for good. A forgotten subscription is dropped here too, so turning push on makes a
 * fresh one. When the server cannot be asked (offline), the device is taken to be on.
 */
async function knownToServer(sub: PushSubscription): Promise<boolean> {
  const known = await listSubscriptions().then(
    (list) => list.endpoints.includes(sub.endpoint),
    () => true,
  );
  if (!known) await sub.unsubscribe().catch(() => undefined);
  return known;
}

/** Asks for permission, subscribes this browser and tells the server. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "blocked";
  if (permission !== "granted") return "off";
  const reg = await navigator.serviceWorker.ready;
  const existing = await reg.pushManager.getSubscription();
  const sub =
    existing ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(await getPublicKey()) }));
  const json = sub.toJSON();
  await saveSubscription({
    endpoint: sub.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
  });
  return "on";
}

/** Unsubscribes this browser; the server forgets the endpoint too. */
export async function disablePush(): Promise<PushState> {
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await deleteSubscription(sub.endpoint).catch(() => undefined);
    await sub.unsubscribe();
  }
  return "off";
}
