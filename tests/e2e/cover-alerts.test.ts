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
  newUser,
  PHONE,
  registerViaApi,
  screenshot,
  skipWelcome,
} from "./helpers";
import { clickNotification, deliverPush, recordedPush, shownNotifications } from "./push-helpers";

const browser = browserPerFile();

// Far-off days at a hub no other browser test uses, so no other file's requests reach these users.
let nextDay = 70;
const BASE = "Lichfield";

async function signUp(page: Page, firstName: string, lastName: string) {
  const { id } = await registerViaApi(page, newUser({ firstName, lastName, paramedicBase: BASE }));
  await skipWelcome(page, id);
  return id;
}

/** `requester` asks anyone to work their day shift on a day `coverer` marked free; answers the request id. */
async function needForCover(requester: Page, coverer: Page): Promise<{ id: number; date: string }> {
  const date = addDays(todayInLondon(), nextDay++);
  await callApi(coverer, "POST", "/api/availability", { date, status: "available" });
  const shift = await addDayShift(requester, date);
  const request = await callApi(requester, "POST", "/api/swap-requests", {
    requesterShiftId: shift.id,
    responderId: null,
  });
  return { id: request.id, date };
}

describe("cover alerts on the dashboard", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`an open alert is offered to cover in one tap with the confirmation at ${viewport.width}px`, async () => {
      const requester = await browser.newPage(viewport);
      await signUp(requester, "Rhea", `Rowan${viewport.width}`);
      const page = await browser.newPage(viewport);
      await signUp(page, "Cole", `Carter${viewport.width}`);
      const { id } = await needForCover(requester, page);

      await page.goto(`/dashboard?cover=${id}`);
      const box = page.getByTestId("cover-alerts");
      const offer = box.getByRole("button", { name: `Offer to cover Rhea Rowan${viewport.width}'s shift` });
      await offer.waitFor();
      await expect.poll(() => box.getByText(`Rhea Rowan${viewport.width} · Lichfield Hub`).count()).toBe(1);
      await screenshot(page, `cover-alerts-dashboard-${viewport.width}`);
      expect(await axeViolations(page)).toEqual([]);

      await offer.click();
      const dialog = page.getByRole("alertdialog");
      await dialog.getByText(/^Offer to work .* for Rhea Rowan/).waitFor();
      await screenshot(page, `cover-alerts-confirm-${viewport.width}`);
      await dialog.getByRole("button", { name: "Offer to cover" }).click();
      await page.waitForURL((url) => url.pathname === "/messages" && url.search === `?request=${id}`);
      const answer = await callApi(page, "GET", `/api/swap-requests/${id}`);
      expect(answer.responderId).toBeGreaterThan(0);
    });
  }

  test("says when there are none", async () => {
    const page = await browser.newPage(DESKTOP);
    await signUp(page, "Nell", "Quiet");
    await page.goto("/dashboard");
    await page.getByTestId("cover-alerts").getByText("No colleagues need cover on the days you marked free.").waitFor();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`an alert taken by someone else leaves an open dashboard, and says so plainly when opened, at ${viewport.width}px`, async () => {
      const requester = await browser.newPage(viewport);
      await signUp(requester, "Tara", `Tate${viewport.width}`);
      const late = await browser.newPage(viewport);
      await signUp(late, "Lou", `Late${viewport.width}`);
      const quick = await browser.newPage(viewport);
      await signUp(quick, "Quin", `Quick${viewport.width}`);
      const { id, date } = await needForCover(requester, late);
      await callApi(quick, "POST", "/api/availability", { date, status: "available" });
      // Lou's dashboard is open when Quin takes the shift: the alert goes without a reload.
      await late.goto("/dashboard");
      const offer = late.getByTestId("cover-alerts").getByRole("button", { name: /^Offer to cover Tara Tate/ });
      await offer.waitFor();
      await callApi(quick, "POST", `/api/swap-requests/${id}/offer-to-cover`);
      await offer.waitFor({ state: "detached" });

      await late.goto(`/dashboard?cover=${id}`);
      const status = late.getByTestId("cover-alerts").getByRole("status");
      await status.waitFor();
      expect(await status.textContent()).toMatch(
        new RegExp(`^Tara Tate${viewport.width}'s \\w{3} \\d{1,2} \\w{3} shift has been covered$`),
      );
      expect(await late.getByRole("heading", { name: /error|not found/i }).count()).toBe(0);
      await screenshot(late, `cover-alerts-taken-${viewport.width}`);
    });
  }
});

describe("a cover alert's push", () => {
  test("shows the server's words and, clicked, opens the alert where one tap offers to cover", async () => {
    const requester = await browser.newPage(DESKTOP);
    await signUp(requester, "Pia", "Pusher");
    const page = await browser.newPage(PHONE, { serviceWorkers: "allow" });
    await page.context().grantPermissions(["notifications"], { origin: baseUrl() });
    const covererId = await signUp(page, "Cal", "Clicker");
    const { id } = await needForCover(requester, page);

    // The push exactly as the server recorded it for this colleague, handed to their service worker.
    const push = await recordedPush(covererId, "cover_alert");
    expect(push.title).toBe("Cover needed");
    expect(push.body).toMatch(/^Day shift \w{3} \d{1,2} \w{3} at Lichfield Hub, for Pia Pusher$/);
    await page.goto("/profile");
    await deliverPush(page, push);
    expect(await shownNotifications(page)).toEqual([{ title: push.title, body: push.body, tag: push.tag }]);

    await clickNotification(page);
    await page.waitForURL((url) => url.pathname === "/dashboard" && url.search === `?cover=${id}`);
    const offer = page.getByTestId("cover-alerts").getByRole("button", { name: /^Offer to cover Pia Pusher's shift/ });
    await offer.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Offer to cover" }).click();
    await page.waitForURL((url) => url.pathname === "/messages" && url.search === `?request=${id}`);
    expect((await callApi(requester, "GET", `/api/swap-requests/${id}`)).responderId).toBe(covererId);
  });
});

describe("cover alert settings on the profile", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`switch alerts and followed hubs, axe clean, at ${viewport.width}px`, async () => {
      const page = await browser.newPage(viewport);
      await signUp(page, "Sam", "Settings");
      await page.goto("/profile");
      const section = page.getByRole("region", { name: "Colleagues who need cover" });
      const alerts = section.getByRole("checkbox", { name: /Tell me when a colleague of my grade needs cover/ });
      await expect.poll(() => alerts.isChecked()).toBe(true);
      const own = section.getByRole("checkbox", { name: "Lichfield Hub" });
      await expect.poll(() => own.isChecked()).toBe(true);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `cover-settings-${viewport.width}`);
      expect(await axeViolations(page)).toEqual([]);

      await section.getByRole("checkbox", { name: "Stoke Hub" }).click();
      await expect
        .poll(async () => (await callApi(page, "GET", "/api/notifications/settings")).followedHubs)
        .toEqual(["Lichfield Hub", "Stoke Hub"]);
      await section.getByRole("checkbox", { name: "All hubs" }).click();
      await expect
        .poll(async () => (await callApi(page, "GET", "/api/notifications/settings")).followAllHubs)
        .toBe(true);
      await alerts.click();
      await expect
        .poll(async () => (await callApi(page, "GET", "/api/notifications/settings")).coverAlerts)
        .toBe(false);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
