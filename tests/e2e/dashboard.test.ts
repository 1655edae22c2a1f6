import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import {
  axeViolations,
  browserPerFile,
  callApi,
  DESKTOP,
  newUser,
  PASSWORD,
  PHONE,
  registerViaApi,
  signInViaForm,
  skipWelcome,
  type Viewport,
} from "./helpers";

/** The first screen of the morning: the greeting, the week's shifts and the requests waiting on someone. */

const browser = browserPerFile();

async function clinician(firstName: string, viewport: Viewport) {
  const page = await browser.newPage(viewport);
  const user = newUser({ firstName, lastName: `Dash${Date.now().toString(36).slice(-4)}` });
  const { id } = await registerViaApi(page, user);
  await skipWelcome(page, id);
  return { page, id, user };
}

const shift = (page: Page, body: Record<string, unknown>) =>
  callApi(page, "POST", "/api/shifts", body) as Promise<{ id: number }>;

/** 'Tue, Dec 1', as the grouped row names its days (the style of a single day's row). */
function shortDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const weekday = date.toLocaleDateString("en-GB", { weekday: "short", timeZone: "UTC" });
  const month = date.toLocaleDateString("en-GB", { month: "short", timeZone: "UTC" });
  return `${weekday}, ${month} ${d}`;
}

async function openDashboard(page: Page) {
  await page.goto("/dashboard");
  await page.getByTestId("upcoming-shifts").locator("li[data-day]").first().waitFor();
}

for (const viewport of [DESKTOP, PHONE]) {
  describe(`the dashboard at ${viewport.width}px`, () => {
    test("greets a brand-new user 'Welcome', and 'Welcome back' once they sign in again", async () => {
      const { page, user } = await clinician("Nia", viewport);
      await openDashboard(page);
      await page.getByRole("heading", { name: "Welcome, Nia", exact: true }).waitFor();
      expect(await page.getByText(/Welcome back/).count()).toBe(0);

      await page.context().clearCookies();
      await signInViaForm(page, user.email, PASSWORD);
      await page.waitForURL("**/dashboard");
      await page.getByRole("heading", { name: "Welcome back, Nia", exact: true }).waitFor();
    });

    test("marks a day the calendar warns on for short rest, with the calendar's reason", async () => {
      const { page } = await clinician("Rae", viewport);
      const today = todayInLondon();
      const night = addDays(today, 1);
      const day = addDays(today, 2);
      // The night ends at 07:00 as the day shift starts: no rest at all between them.
      await shift(page, { date: night, shiftType: "night", startTime: "19:00", endTime: "07:00" });
      await shift(page, { date: day, shiftType: "day", startTime: "07:00", endTime: "19:00" });
      await shift(page, { date: addDays(today, 4), shiftType: "day", startTime: "07:00", endTime: "19:00" });

      await page.goto("/calendar");
      const calendarDay = page.locator(`li[data-day="${day}"]`);
      await page.locator('button[data-shift-type="night"]').first().waitFor({ state: "attached" });
      if ((await calendarDay.count()) === 0) await page.getByRole("button", { name: "Next month" }).click();
      await calendarDay.locator("[data-rest-warning]").waitFor();

      await openDashboard(page);
      const card = page.getByTestId("upcoming-shifts");
      const reason = /^No rest between your night shift ending .* 7:00 AM and the day shift starting 7:00 AM$/;
      for (const d of [night, day]) {
        const row = card.locator(`li[data-day="${d}"]`);
        await row.locator("[data-rest-warning]").first().waitFor();
        await row.getByText(reason).waitFor();
      }
      // A day shift with its rest kept is not marked.
      expect(await card.locator(`li[data-day="${addDays(today, 4)}"] [data-rest-warning]`).count()).toBe(0);
      expect(await card.locator(`li[data-day="${today}"] [data-rest-warning]`).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    });

    test("groups consecutive days without a shift into one row, so Swap Requests is near the top", async () => {
      const { page } = await clinician("Eli", viewport);
      const today = todayInLondon();
      await shift(page, { date: addDays(today, 1), shiftType: "rest_day" });
      await shift(page, { date: addDays(today, 2), shiftType: "day", startTime: "07:00", endTime: "19:00" });
      await openDashboard(page);
      const card = page.getByTestId("upcoming-shifts");
      const rows = card.locator("li[data-day]");
      await expect.poll(() => rows.count()).toBe(4);
      const texts = (await rows.allTextContents()).map((t) => t.replace(/\s+/g, " ").trim());
      // A single empty day keeps its own row; SPEC's 'Rest Day' and the shift rows stay as they are.
      expect(texts[0]).toMatch(/^Today.*No shift$/);
      expect(texts[1]).toMatch(/^Tomorrow.*Rest Day$/);
      expect(texts[2]).toMatch(/Day Shift.*7:00 AM – 7:00 PM$/);
      expect(texts[3]).toBe(`${shortDay(addDays(today, 3))} – ${shortDay(addDays(today, 6))}: No shift`);
      expect(await card.getByText("No shift").count()).toBe(2);
      const top = await page
        .getByTestId("dashboard-swap-requests")
        .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
      expect(top).toBeLessThan(1000);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}

test("on a phone, a week without shifts is one row and Swap Requests starts within the first 1,000 px", async () => {
  const { page } = await clinician("Ivy", PHONE);
  const today = todayInLondon();
  await openDashboard(page);
  const rows = page.getByTestId("upcoming-shifts").locator("li[data-day]");
  await expect.poll(() => rows.count()).toBe(1);
  expect(((await rows.first().textContent()) ?? "").trim()).toBe(
    `${shortDay(today)} – ${shortDay(addDays(today, 6))}: No shift`,
  );
  const top = await page
    .getByTestId("dashboard-swap-requests")
    .evaluate((card) => card.getBoundingClientRect().top + window.scrollY);
  expect(top).toBeLessThan(1000);
});

/** 'Dec 18, 2026', as the dashboard's Swap Requests names a request's day. */
function requestDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** Ava asks Ben to cover two day shifts three weeks ahead; she has agreed to the first. */
async function twoRequests(viewport: Viewport) {
  const ava = await clinician("Ava", viewport);
  const ben = await clinician("Ben", viewport);
  const today = todayInLondon();
  const first = addDays(today, 21);
  const second = addDays(today, 24);
  const ids: number[] = [];
  for (const day of [first, second]) {
    await shift(ben.page, { date: day, shiftType: "rest_day", restDayShiftInterest: true });
    const mine = await shift(ava.page, { date: day, shiftType: "day", startTime: "07:00", endTime: "19:00" });
    const request = await callApi(ava.page, "POST", "/api/swap-requests", {
      requesterShiftId: mine.id,
      responderId: ben.id,
    });
    ids.push(request.id);
  }
  await callApi(ava.page, "POST", `/api/swap-requests/${ids[0]}/agree`);
  return { ava, ben, first, second, ids };
}

const requestLinks = (page: Page) => page.getByTestId("dashboard-swap-requests").locator('a[href^="/messages/"]');
const requestRow = (page: Page, day: string) => requestLinks(page).filter({ hasText: requestDay(day) });

for (const viewport of [DESKTOP, PHONE]) {
  describe(`requests waiting on someone at ${viewport.width}px`, () => {
    test("the responder reads 'Needs your answer' where the requester reads 'Awaiting response'", async () => {
      const { ava, ben, first, second } = await twoRequests(viewport);
      await openDashboard(ben.page);
      for (const day of [first, second]) await requestRow(ben.page, day).getByText("Needs your answer").waitFor();
      expect(await ben.page.getByTestId("dashboard-swap-requests").getByText("Awaiting response").count()).toBe(0);
      await openDashboard(ava.page);
      for (const day of [first, second]) await requestRow(ava.page, day).getByText("Awaiting response").waitFor();
      expect(await ava.page.getByTestId("dashboard-swap-requests").getByText("Needs your answer").count()).toBe(0);
    });

    test("a completed swap stays active, marked 'Submit on GRS', until Submitted on GRS is ticked", async () => {
      const { ava, ben, first, second, ids } = await twoRequests(viewport);
      const b = ben.page;
      await b.goto(`/messages/${ids[0]}`);
      await b.locator(`#deal-${ids[0]}`).getByRole("button", { name: "Agree", exact: true }).click();
      const toast = b.getByTestId("toast").filter({ hasText: "Swap completed" });
      await toast.getByText("Now submit the swap on GRS, then tick Submitted on GRS.").waitFor();
      expect(await b.getByTestId("toast").filter({ hasText: "Deal agreed" }).count()).toBe(0);
      const details = b.getByTestId("swap-details");
      await details.getByRole("checkbox", { name: "Submitted on GRS" }).waitFor();

      // Both dashboards keep it, soonest first, saying what is left to do.
      for (const page of [b, ava.page]) {
        await openDashboard(page);
        await requestRow(page, first).getByText("Submit on GRS").waitFor();
        const listed = await requestLinks(page).allTextContents();
        expect(listed.map((t) => t.startsWith(requestDay(first)))).toEqual([true, false]);
        expect(listed[1].startsWith(requestDay(second))).toBe(true);
      }
      // The inbox lists it with the active conversations, not under 'Past'.
      await b.goto("/messages");
      const active = b.getByRole("list", { name: "Conversations", exact: true });
      await active.getByTestId("conversation-row").first().waitFor();
      expect(await active.getByTestId("conversation-row").count()).toBe(2);
      await active.getByTestId("conversation-row").first().getByText("Submit on GRS").waitFor();
      expect(await b.getByRole("heading", { name: "Past" }).count()).toBe(0);

      // Ticked on GRS, it moves to 'Past' and off the dashboard.
      await b.goto(`/messages/${ids[0]}`);
      const tick = b.getByTestId("swap-details").getByRole("checkbox", { name: "Submitted on GRS" });
      await tick.click();
      await expect.poll(() => tick.isChecked()).toBe(true);
      await b.goto("/messages");
      const past = b.getByRole("list", { name: "Past conversations" });
      await past.getByTestId("conversation-row").waitFor();
      expect(await past.getByText("Submit on GRS").count()).toBe(0);
      expect(
        await b.getByRole("list", { name: "Conversations", exact: true }).getByTestId("conversation-row").count(),
      ).toBe(1);
      await openDashboard(b);
      await requestRow(b, second).waitFor();
      // The screen may draw the requests kept on the device first, then the server's answer.
      await expect.poll(() => requestRow(b, first).count()).toBe(0);
    });
  });
}
