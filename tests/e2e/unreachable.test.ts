import type { Page, Route } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import {
  addDayShift,
  browserPerFile,
  DESKTOP,
  newUser,
  PHONE,
  registerViaApi,
  skipWelcome,
  storedValues,
  type Viewport,
} from "./helpers";

/**
 * A phone that believes it is online while nothing gets through (one bar, a captive portal, a dead
 * zone), or a server that answers with an error: neither is a sign-out. Every request here fails
 * with the browser still reporting online.
 */

const browser = browserPerFile();
const API = "**/api/**";
const USER = "**/api/auth/user";
const banner = (page: Page) =>
  page.getByRole("status").filter({ hasText: "Couldn't reach CrewSwap — showing your data as of" });
const userError = (page: Page) =>
  page.getByTestId("toast").filter({ hasText: "There was a problem loading user data. Please try again." });

/** A signed-in clinician with a day shift today, whose dashboard has been saved on the device. */
async function signedInWithSavedRoster(viewport: Viewport = DESKTOP, options: { serviceWorkers?: "block" } = {}) {
  const page = await browser.newPage(viewport, options);
  const user = newUser({ firstName: "Rhiannon", lastName: `Signal${Date.now().toString(36).slice(-4)}` });
  const { id } = await registerViaApi(page, user);
  await skipWelcome(page, id);
  const today = todayInLondon();
  await addDayShift(page, today);
  await page.goto("/dashboard");
  const todays = page.getByTestId("upcoming-shifts").locator(`li[data-day="${today}"]`).getByText("Day Shift");
  await todays.waitFor();
  await expect.poll(() => saved(page, user.email), { timeout: 10_000 }).toBe(true);
  return { page, user, today, todays };
}

/** Whether the device's offline copy holds the user and their shifts. */
async function saved(page: Page, email: string): Promise<boolean> {
  const stored = (await storedValues(page)).join("");
  return stored.includes(email) && stored.includes(`"queryKey":["shifts","list"]`);
}

/** Counts the page's requests whose path is `path`. */
function countRequests(page: Page, path: string): () => number {
  let count = 0;
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === path) count += 1;
  });
  return () => count;
}

describe("requests that fail while the browser says it is online", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`at ${viewport.width}px a reload without a way through keeps the saved roster and the user, says so, and recovers by itself`, async () => {
      const { page, user, today, todays } = await signedInWithSavedRoster(viewport);
      let failed = 0;
      page.on("requestfailed", () => {
        failed += 1;
      });
      await page.context().route(API, (route) => route.abort("internetdisconnected"));

      await page.reload();
      await banner(page).waitFor();
      await todays.waitFor();
      expect(await page.evaluate(() => navigator.onLine)).toBe(true);
      expect(new URL(page.url()).pathname).toBe("/dashboard");
      await userError(page).waitFor();
      expect(await page.getByText("There was a problem loading your shifts", { exact: false }).count()).toBe(0);
      // Requests have failed since; the copy is written at most twice a second.
      await expect.poll(() => failed).toBeGreaterThan(0);
      await page.waitForTimeout(2000);
      expect(await saved(page, user.email)).toBe(true);

      // Reloaded again, still without a way through: the same, from the copy that was kept.
      await page.reload();
      await banner(page).waitFor();
      await todays.waitFor();
      expect(await page.getByRole("heading", { name: "Sign In" }).count()).toBe(0);

      // Meanwhile a shift was added elsewhere; once requests go through, the app fetches it unasked.
      const tomorrow = addDays(today, 1);
      const added = await page.request.post("/api/shifts", {
        data: { date: tomorrow, shiftType: "night", startTime: "19:00", endTime: "07:00" },
        headers: { origin: new URL(page.url()).origin },
      });
      expect(added.status()).toBe(201);
      await page.context().unroute(API);
      await page
        .getByTestId("upcoming-shifts")
        .locator(`li[data-day="${tomorrow}"]`)
        .getByText("Night Shift")
        .waitFor({ timeout: 45_000 });
      await expect.poll(() => banner(page).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe("/dashboard");
    });
  }

  test("a server error on the session check keeps the signed-in user on their screen, and it is asked again until it answers", async () => {
    const { page, user, todays } = await signedInWithSavedRoster();
    const asked = countRequests(page, "/api/auth/user");
    await page
      .context()
      .route(USER, (route) =>
        route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Internal Server Error"}' }),
      );

    await page.reload();
    await userError(page).waitFor();
    await todays.waitFor();
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    expect(await page.getByRole("heading", { name: "Sign In" }).count()).toBe(0);
    // Asked again with back-off, the user staying on screen meanwhile.
    await expect.poll(asked, { timeout: 10_000 }).toBeGreaterThan(1);
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    expect(await saved(page, user.email)).toBe(true);

    await page.context().unroute(USER);
    await page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/user" && r.status() === 200, {
      timeout: 45_000,
    });
    await todays.waitFor();
    expect(new URL(page.url()).pathname).toBe("/dashboard");
  });

  test("with nothing saved yet, a server error on the session check waits for the answer instead of signing out", async () => {
    const page = await browser.newPage(PHONE);
    const { id } = await registerViaApi(page, newUser());
    await skipWelcome(page, id);
    await page
      .context()
      .route(USER, (route) =>
        route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Internal Server Error"}' }),
      );

    await page.goto("/dashboard");
    await userError(page).waitFor();
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    expect(await page.getByRole("heading", { name: "Sign In" }).count()).toBe(0);

    await page.context().unroute(USER);
    await page.getByTestId("upcoming-shifts").waitFor({ timeout: 45_000 });
    expect(new URL(page.url()).pathname).toBe("/dashboard");
  });

  test("a real 401 still empties the device and goes to sign-in, and the next clinician sees none of it", async () => {
    const { page, user, todays } = await signedInWithSavedRoster();
    // The session ends on the server (signed out elsewhere, or expired).
    expect(await page.evaluate(() => fetch("/api/auth/logout", { method: "POST" }).then((r) => r.status))).toBe(200);

    await page.reload();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("heading", { name: "Sign In" }).waitFor();
    await expect
      .poll(async () => (await storedValues(page)).join("").includes(user.email), { timeout: 10_000 })
      .toBe(false);
    expect((await storedValues(page)).join("")).not.toContain(`"queryKey":["shifts","list"]`);

    // A colleague signs in on the same device; their own shifts are slow to come.
    const colleague = newUser({ firstName: "Cai" });
    const other = await browser.newPage();
    await skipWelcome(page, (await registerViaApi(other, colleague)).id);
    await page.context().route("**/api/shifts", () => undefined);
    await page.getByLabel("Email").fill(colleague.email);
    await page.getByLabel("Password", { exact: true }).fill(colleague.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("heading", { name: "Welcome back, Cai" }).waitFor();
    await page.getByTestId("upcoming-shifts").waitFor();
    expect(await todays.count()).toBe(0);
  });
});

/**
 * The app shell's code arrives late, as on a slow phone: the screen's first data is asked for, and
 * refused, before the screen mounts. (No service worker, so every file comes through the route.)
 */
async function slowShell(page: Page) {
  await page.context().route("**/assets/app-shell-*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
}

const refused = (route: Route) =>
  route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Internal Server Error"}' });

describe("a failing shifts request", () => {
  test("is made once per page load, on a first visit and from the saved copy, which it keeps, and shows the error", async () => {
    // A first visit: nothing saved.
    const fresh = await browser.newPage(PHONE, { serviceWorkers: "block" });
    await skipWelcome(fresh, (await registerViaApi(fresh, newUser())).id);
    await fresh.context().route("**/api/shifts", refused);
    await slowShell(fresh);
    const asked = countRequests(fresh, "/api/shifts");
    await fresh.goto("/dashboard");
    await fresh.getByTestId("upcoming-shifts").getByRole("alert").getByText("Internal Server Error").waitFor();

    // From the saved copy, on the dashboard and on the calendar.
    const { page, user } = await signedInWithSavedRoster(DESKTOP, { serviceWorkers: "block" });
    await page.context().route("**/api/shifts", refused);
    await slowShell(page);
    const askedAgain = countRequests(page, "/api/shifts");
    await page.reload();
    await page.getByTestId("upcoming-shifts").getByRole("alert").getByText("Internal Server Error").waitFor();
    await page.goto("/calendar");
    const calendar = page.getByRole("tabpanel", { name: "Calendar" });
    await calendar.getByRole("alert").getByText("Internal Server Error").waitFor();

    // Five seconds on, each page load has made its one request.
    await page.waitForTimeout(5000);
    expect(asked()).toBe(1);
    expect(askedAgain()).toBe(2);
    expect(await saved(page, user.email)).toBe(true);
    expect(await banner(page).count()).toBe(0);
  });
});
