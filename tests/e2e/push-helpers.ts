import pg from "pg";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { appDatabaseUrl, baseUrl } from "./helpers";

export type PushPayload = { title: string; body: string; url: string; tag: string };
type Shown = { title: string; body: string; tag: string };

/** Waits until the service worker is active and controls the page (a reload after the first install). */
export async function controlledBy(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** The notifications the page's service worker shows now. */
export const shownNotifications = (page: Page): Promise<Shown[]> =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  });

/**
 * Hands a push to the page's service worker as the browser would on its push service's delivery
 * (DevTools' ServiceWorker.deliverPushMessage), and waits until it shows a notification.
 */
export async function deliverPush(page: Page, payload: PushPayload): Promise<void> {
  await controlledBy(page);
  const cdp = await page.context().newCDPSession(page);
  const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => registrations.push(...e.registrations));
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => registrations.some((r) => r.scopeURL === `${baseUrl()}/`)).toBe(true);
  const registrationId = registrations.find((r) => r.scopeURL === `${baseUrl()}/`)?.registrationId ?? "";
  // On a loaded machine DevTools may hand the push over while the worker is still waking: deliver
  // again if nothing shows. The tag makes a second delivery replace the first, never add to it.
  for (let attempt = 0; attempt < 3 && (await shownNotifications(page)).length === 0; attempt++) {
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: baseUrl(),
      registrationId,
      data: JSON.stringify(payload),
    });
    await expect
      .poll(async () => (await shownNotifications(page)).length, { timeout: 5000 })
      .toBe(1)
      .catch(() => undefined);
  }
}

/** Clicks the notification shown: the worker's own click handler runs, with the notification the browser shows. */
export async function clickNotification(page: Page): Promise<void> {
  const [worker] = page.context().serviceWorkers();
  expect(worker).toBeTruthy();
  await worker.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent: (e: Event) => boolean;
    };
    const [notification] = await scope.registration.getNotifications();
    const Ctor = (globalThis as unknown as { NotificationEvent: new (t: string, i: object) => Event })
      .NotificationEvent;
    scope.dispatchEvent(new Ctor("notificationclick", { notification }));
  });
}

/** The push the server recorded for a user (the newest of a kind), exactly as its push worker would send it. */
export async function recordedPush(userId: number, kind: string): Promise<PushPayload> {
  const db = new pg.Client({ connectionString: appDatabaseUrl() });
  await db.connect();
  try {
    const { rows } = await db.query<PushPayload>(
      "select title, body, url, tag from notification_outbox where user_id = $1 and kind = $2 order by id desc limit 1",
      [userId, kind],
    );
    if (!rows[0]) throw new Error(`no ${kind} push recorded for user ${userId}`);
    return rows[0];
  } finally {
    await db.end();
  }
}
