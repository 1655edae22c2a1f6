import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { browserPerFile, DESKTOP, newUser, registerViaApi, skipWelcome } from "./helpers";

const browser = browserPerFile();

/** Counts the page's GET /api/shifts calls (the whole shift list). */
function countShiftListCalls(page: Page) {
  const counter = { n: 0 };
  page.on("request", (request) => {
    if (request.method() === "GET" && new URL(request.url()).pathname === "/api/shifts") counter.n += 1;
  });
  return counter;
}

async function openSchedule(page: Page) {
  await page.getByTestId("app-header").getByRole("link", { name: "Schedule", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/calendar");
  await page.getByTestId("my-availability").first().waitFor({ state: "attached" });
}

async function openHome(page: Page) {
  await page.getByTestId("app-header").getByRole("link", { name: "Home", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard");
}

describe("SPEC §9 caching on /calendar", () => {
  test("My Availability's 30 s freshness does not reload the shift list on every visit; its 5 minutes do", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.clock.install();
    const { id } = await registerViaApi(page, newUser());
    await skipWelcome(page, id);
    const calls = countShiftListCalls(page);

    await page.goto("/calendar");
    await page.getByTestId("my-availability").first().waitFor({ state: "attached" });
    await expect.poll(() => calls.n).toBe(1);

    // A minute later (past the panel's 30 s, within the list's 5 minutes): back to /calendar.
    await openHome(page);
    await page.clock.fastForward("01:00");
    await openSchedule(page);
    await openHome(page);
    await openSchedule(page);
    // Give a refetch, if one were started, the time to be sent.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    await page.waitForLoadState("networkidle");
    expect(calls.n).toBe(1);

    // The panel still refetches when the user comes back to the window after 30 s (SPEC §9).
    await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
    await expect.poll(() => calls.n).toBe(2);

    // Past the list's 5 minutes, a visit loads it again.
    await openHome(page);
    await page.clock.fastForward("06:00");
    const before = calls.n;
    await openSchedule(page);
    await expect.poll(() => calls.n).toBe(before + 1);
  });
});
