import type { PushPayload } from "@common/push";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { alertFor } from "./alert-again";

// The DOM library's types do not describe a service worker's scope; these are the parts used here.
type ExtendableEvent = Event & { waitUntil: (p: Promise<unknown>) => void };
type PushEvent = ExtendableEvent & { data: { json: () => unknown } | null };
/** What each notification carries: where a click goes, and when it last alerted the user. */
type NotificationData = { url?: string; alertedAt?: number };
type NotificationEvent = ExtendableEvent & { notification: Notification & { data?: NotificationData } };
type WindowClient = { url: string; focus: () => Promise<WindowClient>; navigate: (url: string) => Promise<unknown> };
type Scope = {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll: (o: { type: "window"; includeUncontrolled: boolean }) => Promise<WindowClient[]>;
    openWindow: (url: string) => Promise<unknown>;
  };
  skipWaiting: () => Promise<void>;
  addEventListener(type: "push", fn: (e: PushEvent) => void): void;
  addEventListener(type: "notificationclick", fn: (e: NotificationEvent) => void): void;
  addEventListener(type: "message", fn: (e: MessageEvent) => void): void;
};
const sw = self as unknown as Scope;

// The app shell: every built file, so the installed app opens without a signal.
// (Workbox replaces the literal `self.__WB_MANIFEST` with the list at build time.)
precacheAndRoute((self as unknown as Scope).__WB_MANIFEST);
cleanupOutdatedCaches();
// Client-side routes are all the one page; API calls and the socket always go to the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL("index.html"), { denylist: [/^\/api\//, /^\/ws/] }));

// A new version waits until the user accepts the 'Reload' toast.
sw.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void sw.skipWaiting();
});

function readPayload(event: PushEvent): PushPayload {
  try {
    const value = event.data?.json() as Partial<PushPayload> | undefined;
    if (value && typeof value.title === "string") {
      return {
        title: value.title,
        body: String(value.body ?? ""),
        url: typeof value.url === "string" && value.url.startsWith("/") ? value.url : "/messages",
        tag: String(value.tag ?? "crewswap"),
      };
    }
  } catch {
    // fall through to a generic notice
  }
  return { title: "CrewSwap", body: "Something needs your attention", url: "/messages", tag: "crewswap" };
}

async function show(p: PushPayload) {
  const [showing] = await sw.registration.getNotifications({ tag: p.tag });
  const { alert, alertedAt } = alertFor((showing?.data as NotificationData | undefined) ?? null, Date.now());
  await sw.registration.showNotification(p.title, {
    body: p.body,
    tag: p.tag,
    icon: "/icons/icon-192.png",
    badge: "/icons/favicon-32.png",
    data: { url: p.url, alertedAt } satisfies NotificationData,
    // A burst about one request replaces the notification and alerts once; a later one alerts again.
    renotify: alert,
  } as NotificationOptions);
}

sw.addEventListener("push", (event) => {
  event.waitUntil(show(readPayload(event)));
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? "/messages", sw.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === sw.location.origin);
      if (open) {
        try {
          await open.navigate(target);
          await open.focus();
          return;
        } catch {
          // a window this worker does not control cannot be navigated: open a new one
        }
      }
      await sw.clients.openWindow(target);
    })(),
  );
});
