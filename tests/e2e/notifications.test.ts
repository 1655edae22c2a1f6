import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import {
  addDayShift,
  axeViolations,
  baseUrl,
  browserPerFile,
  callApi,
  DESKTOP,
  markOffDayAvailable,
  newUser,
  PHONE,
  registerViaApi,
  screenshot,
  skipWelcome,
} from "./helpers";
import { clickNotification, controlledBy, deliverPush, shownNotifications } from "./push-helpers";

const browser = browserPerFile();

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function swapBetween(requester: Page, responder: { page: Page; id: number }): Promise<number> {
  const date = addDays(todayInLondon(), 11);
  await markOffDayAvailable(responder.page, date);
  const shift = await addDayShift(requester, date);
  const request = await callApi(requester, "POST", "/api/swap-requests", {
    requesterShiftId: shift.id,
    responderId: responder.id,
    status: "pending",
  });
  return request.id;
}

describe("installable app", () => {
  test("links a valid manifest, icons and a favicon, and the service worker takes control", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const res = await fetch(`${baseUrl()}${href}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/manifest\+json/);
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: "CrewSwap",
      short_name: "CrewSwap",
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      theme_color: "#005eb8",
      background_color: "#f0f4f5",
    });
    expect(manifest.description).toBeTruthy();
    const sizes = new Set<string>();
    for (const icon of manifest.icons as Array<{ src: string; sizes: string; purpose: string }>) {
      const bytes = Buffer.from(await (await fetch(`${baseUrl()}${icon.src}`)).arrayBuffer());
      const { width, height } = pngSize(bytes);
      expect(`${width}x${height}`).toBe(icon.sizes);
      sizes.add(`${icon.sizes} ${icon.purpose}`);
    }
    expect([...sizes].sort()).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);

    const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    expect(pngSize(Buffer.from(await (await fetch(`${baseUrl()}${touch}`)).arrayBuffer()))).toEqual({
      width: 180,
      height: 180,
    });
    const ico = Buffer.from(await (await fetch(`${baseUrl()}/favicon.ico`)).arrayBuffer());
    expect(ico.readUInt16LE(2)).toBe(1); // ICO type

    // The worker script is revalidated on every check, never cached as immutable.
    const script = await fetch(`${baseUrl()}/service-worker.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("cache-control")).toBe("no-cache");

    await controlledBy(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl()}/`);
  });
});

describe("push notifications and deep links", () => {
  test("a signed-out link returns after sign-in; a push shows a notification whose click opens the conversation", async () => {
    const alice = await browser.newPage(DESKTOP);
    const { id: aliceId } = await registerViaApi(alice, newUser({ firstName: "Alice", lastName: "Archer" }));
    await skipWelcome(alice, aliceId);
    const bobUser = newUser({ firstName: "Bob", lastName: "Baker" });
    const setup = await browser.newPage(DESKTOP);
    const { id: bobId } = await registerViaApi(setup, bobUser);
    const requestId = await swapBetween(alice, { page: setup, id: bobId });

    // Bob, signed out on a new device, follows a link to the conversation.
    const page = await browser.newPage(DESKTOP);
    await page.context().grantPermissions(["notifications"], { origin: baseUrl() });
    await page.goto(`/messages/${requestId}`);
    await page.waitForURL((url) => url.pathname === "/");
    await skipWelcome(page, bobId);
    await page.getByLabel("Email").fill(bobUser.email);
    await page.getByLabel("Password", { exact: true }).fill(bobUser.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/messages/${requestId}`);
    await page.getByRole("heading", { name: "Alice Archer" }).waitFor();

    // A link elsewhere is never followed.
    const other = await browser.newPage(DESKTOP);
    await other.goto("/?next=//evil.example/x");
    await other.getByLabel("Email").fill(bobUser.email);
    await other.getByLabel("Password", { exact: true }).fill(bobUser.password);
    await other.getByRole("button", { name: "Sign in", exact: true }).click();
    await other.waitForURL((url) => url.pathname === "/dashboard");

    await page.goto("/dashboard");
    const payload = {
      title: "New message from Alice Archer",
      body: "About the swap for the Day Shift",
      url: `/messages/${requestId}`,
      tag: `swap-${requestId}`,
    };
    await deliverPush(page, payload);
    expect(await shownNotifications(page)).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag }]);
    await clickNotification(page);
    await page.waitForURL((url) => url.pathname === `/messages/${requestId}`);
    await page.getByRole("heading", { name: "Alice Archer" }).waitFor();
    expect(await shownNotifications(page)).toEqual([]);
  });
});

describe("notification settings", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`the profile card and the dashboard hint at ${viewport.width}px`, async () => {
      const page = await browser.newPage(viewport);
      const { id } = await registerViaApi(page, newUser({ firstName: "Nia", lastName: "Noble" }));
      await skipWelcome(page, id);
      await page.goto("/dashboard");
      const hint = page.getByText("Turn on push notifications under Notifications on your");
      await hint.waitFor();
      await screenshot(page, `notifications-dashboard-${viewport.width}`);

      await page.goto("/profile");
      const card = page.locator("[data-slot=card]").filter({ has: page.getByText("Notifications", { exact: true }) });
      await card.getByText("Off on this device.").waitFor();
      await card.getByRole("button", { name: "Turn on push notifications" }).waitFor();
      const email = card.getByRole("checkbox", { name: /Email me a summary/ });
      await expect.poll(() => email.isChecked()).toBe(true);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `notifications-profile-${viewport.width}`);
      expect(await axeViolations(page)).toEqual([]);

      await email.click();
      await expect.poll(() => email.isChecked()).toBe(false);
      expect(await callApi(page, "GET", "/api/notifications/settings")).toMatchObject({ email: false });
    });
  }
});

describe("notifications blocked in the browser", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`the dashboard says how to unblock them at ${viewport.width}px`, async () => {
      const page = await browser.newPage(viewport);
      const { id } = await registerViaApi(page, newUser({ firstName: "Bea", lastName: "Blocked" }));
      await skipWelcome(page, id);
      // As when the user chose Block: the browser answers 'denied' and the app may not ask again.
      const cdp = await page.context().newCDPSession(page);
      const { targetInfo } = await cdp.send("Target.getTargetInfo");
      await cdp.send("Browser.setPermission", {
        permission: { name: "notifications" },
        setting: "denied",
        origin: baseUrl(),
        browserContextId: targetInfo.browserContextId,
      });
      await page.goto("/dashboard");
      expect(await page.evaluate(() => Notification.permission)).toBe("denied");
      const box = page.locator("[data-slot=card]").filter({ hasText: "Notifications & Alerts" });
      await box
        .getByText(
          "Notifications are blocked for CrewSwap in this browser. To get them, allow notifications in your browser's site settings.",
        )
        .waitFor();
      expect(await box.getByText("Turn on push notifications under Notifications on your").count()).toBe(0);
      await screenshot(page, `notifications-blocked-dashboard-${viewport.width}`);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
