import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import {
  axeViolations,
  browserPerFile,
  calendarDayName,
  DESKTOP,
  MONTHS,
  newUser,
  nextMonthDay,
  PHONE,
  registerViaApi,
  skipWelcome,
  WEEKDAYS,
} from "./helpers";

const browser = browserPerFile();

async function openPage(viewport = DESKTOP): Promise<Page> {
  return browser.newPage(viewport);
}

async function signedInPage(viewport = DESKTOP, options: { locale?: string } = {}) {
  const page = await browser.newPage(viewport, options);
  const { id } = await registerViaApi(page, newUser({ firstName: "Casey" }));
  await skipWelcome(page, id);
  return page;
}

/** Adds a shift through the API from the page (same origin, signed in). */
async function apiShift(page: Page, body: Record<string, unknown>): Promise<{ id: number }> {
  const res = await page.evaluate(async (b) => {
    const r = await fetch("/api/shifts", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(b),
    });
    return { status: r.status, body: await r.json() };
  }, body);
  expect(res.status).toBe(201);
  return res.body;
}

/** yyyy-MM-dd as a UK reader writes it, dd/mm/yyyy. */
const ukDate = (day: string) => day.split("-").reverse().join("/");

const monthLabel = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

/** A toast's title or text (the live-region copy Radix adds for screen readers is left out). */
const toastText = (page: Page, text: string) => page.getByTestId("toast").getByText(text, { exact: true });

const chip = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

describe("schedule page", () => {
  test("add a day shift with +, convert it to seeking coverage with auto-matched times, then clear the month", async () => {
    const page = await signedInPage();
    const target = nextMonthDay(12);
    // Another timed day shift on that date, for the auto-match.
    await apiShift(page, { date: target, shiftType: "day", startTime: "08:00", endTime: "20:00" });
    await page.goto("/calendar");
    await page.getByRole("heading", { name: "Your Schedule" }).waitFor();
    // This month has no shifts yet: the hint shows until the user navigates.
    const hint = page.getByText("Your calendar is empty");
    await hint.waitFor();
    await page.getByRole("button", { name: "Next month" }).click();
    await page.getByRole("heading", { name: monthLabel(target) }).waitFor();
    await hint.waitFor({ state: "detached" });

    await page.getByRole("button", { name: `Add shift on ${calendarDayName(target)}` }).click();
    const form = page.getByRole("dialog", { name: "Add Shift" });
    await expect.poll(() => form.getByLabel("Date").inputValue()).toBe(ukDate(target));
    await expect.poll(() => form.getByRole("radio", { name: "Day Shift" }).isChecked()).toBe(true);
    await form.getByRole("button", { name: "Add shift" }).click();
    await toastText(page, "Shift added").waitFor();
    await form.waitFor({ state: "detached" });
    const added = chip(page, `Day Shift, 7:00 AM – 7:00 PM, ${calendarDayName(target)}`);
    await added.waitFor();

    await added.click();
    const details = page.getByRole("dialog", { name: "Shift Details" });
    await details.getByText("7:00 AM – 7:00 PM").waitFor();
    await details.getByText("No", { exact: true }).waitFor();
    await details.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Shift" });
    await edit.getByRole("radio", { name: "Seeking Coverage" }).check();
    await edit.getByText("Auto-matched with Day Shift (8:00 AM – 8:00 PM)").waitFor();
    expect(await edit.getByLabel("Start time").inputValue()).toBe("08:00");
    expect(await edit.getByLabel("End time").inputValue()).toBe("20:00");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await toastText(page, "Shift updated").waitFor();
    await chip(page, `Seeking Coverage, 8:00 AM – 8:00 PM, ${calendarDayName(target)}`).waitFor();

    // Leaving the month, then clearing it through the menu and its confirmation.
    await page.getByRole("button", { name: "Clear Calendar" }).click();
    await page.getByRole("menuitem", { name: `Clear this month (${monthLabel(target)})` }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText(`Clear ${monthLabel(target)}?`).waitFor();
    await confirm.getByRole("button", { name: "Clear calendar" }).click();
    await toastText(page, `Successfully cleared 2 shifts for ${monthLabel(target)}`).waitFor();
    await toastText(page, "Calendar cleared").waitFor();
    await expect.poll(() => page.locator("[data-shift-type]").count()).toBe(0);
  });

  test("the shift form's date reads dd/mm/yyyy on an American-English browser and saves the day chosen", async () => {
    const page = await signedInPage(DESKTOP, { locale: "en-US" });
    // Days past the 12th, so a month-first date cannot pass for a day-first one.
    const target = nextMonthDay(20);
    const picked = nextMonthDay(23);
    const typed = nextMonthDay(27);
    await page.goto("/calendar");
    await page.getByRole("button", { name: "Next month" }).click();
    await page.getByRole("button", { name: `Add shift on ${calendarDayName(target)}` }).click();
    const form = page.getByRole("dialog", { name: "Add Shift" });
    const date = form.getByLabel("Date");
    await expect.poll(() => date.inputValue()).toBe(ukDate(target));

    // Chosen from the calendar with the keyboard: it opens on the day shown, and the arrows move by days.
    await form.getByRole("button", { name: "Open calendar" }).click();
    const calendar = page.getByRole("grid");
    await calendar.waitFor();
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await calendar.waitFor({ state: "detached" });
    await expect.poll(() => date.inputValue()).toBe(ukDate(picked));
    await form.getByRole("button", { name: "Add shift" }).click();
    await toastText(page, "Shift added").waitFor();
    await chip(page, `Day Shift, 7:00 AM – 7:00 PM, ${calendarDayName(picked)}`).waitFor();

    // Typed as day/month/year; a date that does not exist is refused in the form.
    await page.getByRole("button", { name: `Add shift on ${calendarDayName(target)}` }).click();
    await date.fill(`31/02/${typed.slice(0, 4)}`);
    await form.getByRole("button", { name: "Add shift" }).click();
    await form.getByRole("alert").getByText("Please enter a valid date").waitFor();
    await date.fill(ukDate(typed));
    await form.getByRole("radio", { name: "Night Shift" }).check();
    await form.getByRole("button", { name: "Add shift" }).click();
    await form.waitFor({ state: "detached" });
    await chip(page, `Night Shift, 7:00 PM – 7:00 AM, ${calendarDayName(typed)}`).waitFor();

    const stored = await page.evaluate(async () => (await fetch("/api/shifts")).json());
    expect(stored.map((s: { date: string; shiftType: string }) => `${s.date} ${s.shiftType}`)).toEqual([
      `${picked} day`,
      `${typed} night`,
    ]);
  });

  test("converting a shift with nothing to match preserves its times; a failed save keeps the dialog open", async () => {
    const page = await signedInPage();
    const target = nextMonthDay(20);
    const night = await apiShift(page, { date: target, shiftType: "night", startTime: "18:30", endTime: "06:30" });
    await page.goto("/calendar");
    await page.getByRole("button", { name: "Next month" }).click();
    await chip(page, `Night Shift, 6:30 PM – 6:30 AM, ${calendarDayName(target)}`).click();
    await page.getByRole("dialog", { name: "Shift Details" }).getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Shift" });
    await edit.getByRole("radio", { name: "Seeking Coverage" }).check();
    await edit.getByText("Preserving original shift times").waitFor();

    // Someone deletes the shift meanwhile (another tab): the save fails, and the dialog stays open with the reason.
    await page.evaluate((id) => fetch(`/api/shifts/${id}`, { method: "DELETE" }), night.id);
    await edit.getByRole("button", { name: "Save changes" }).click();
    await edit.getByRole("alert").getByText("Shift not found").waitFor();
    await toastText(page, "Failed to update shift").waitFor();
    expect(await edit.isVisible()).toBe(true);
  });

  test("an Available Off Day shows in My Availability", async () => {
    const page = await signedInPage();
    const target = nextMonthDay(16);
    await page.goto("/calendar");
    await page.getByRole("button", { name: "Next month" }).click();
    await page.getByRole("button", { name: `Add shift on ${calendarDayName(target)}` }).click();
    const form = page.getByRole("dialog", { name: "Add Shift" });
    await form.getByRole("radio", { name: "Available Off Day" }).check();
    expect(await form.getByLabel("Start time").count()).toBe(0);
    expect(await form.getByRole("checkbox", { name: "Available Off Day" }).isChecked()).toBe(true);
    await form.getByRole("button", { name: "Add shift" }).click();
    await toastText(page, "Shift added").waitFor();
    await chip(page, `Available Off Day, ${calendarDayName(target)}`).waitFor();

    const panel = page.locator('[data-testid="my-availability"]:visible');
    const offDays = panel.getByRole("region", { name: "Available Off Days" });
    const [y, m, d] = target.split("-").map(Number);
    const short = `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()].slice(0, 3)}, ${MONTHS[m - 1].slice(0, 3)} ${d}, ${y}`;
    await offDays.getByText(short).waitFor();

    // Withdrawing it from the panel turns it back into a plain rest day.
    await offDays.getByRole("button", { name: `Withdraw ${d} ${MONTHS[m - 1]} from swaps` }).click();
    await toastText(page, "Availability updated").waitFor();
    await panel.getByRole("region", { name: "Rest Days" }).getByText(short).waitFor();
    await chip(page, `Rest Day, ${calendarDayName(target)}`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a year of rest days scrolls within My Availability instead of lengthening the page", async () => {
    const page = await signedInPage();
    const today = todayInLondon();
    const days = Array.from({ length: 40 }, (_, i) => addDays(today, 2 + i * 3));
    for (const date of days) await apiShift(page, { date, shiftType: "rest_day" });
    await page.goto("/calendar");
    const restDays = page.locator('[data-testid="my-availability"]:visible').getByRole("region", { name: "Rest Days" });
    const list = restDays.getByRole("list", { name: "Rest Days, 40 dates" });
    await list.waitFor();
    expect(await list.getByRole("listitem").count()).toBe(40);
    const box = await list.boundingBox();
    expect(box?.height).toBeLessThanOrEqual(260);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(1600);
    // The last day is there, reached by scrolling the list, and can be offered from it.
    const last = days[days.length - 1];
    const [, m, d] = last.split("-").map(Number);
    const offer = list.getByRole("button", { name: `Offer ${d} ${MONTHS[m - 1]} as an Available Off Day` });
    await offer.scrollIntoViewIfNeeded();
    expect(await list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await offer.click();
    await toastText(page, "Availability updated").waitFor();
    const offDays = page.locator('[data-testid="my-availability"]:visible').getByRole("region", {
      name: "Available Off Days",
    });
    await offDays.getByRole("button", { name: `Withdraw ${d} ${MONTHS[m - 1]} from swaps` }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("works at 390px by keyboard, without axe violations", async () => {
    const page = await signedInPage(PHONE);
    const target = nextMonthDay(9);
    await page.goto("/calendar");
    await page.getByRole("button", { name: "Next month" }).click();
    await page.getByRole("heading", { name: monthLabel(target) }).waitFor();
    await page.getByRole("button", { name: `Add shift on ${calendarDayName(target)}` }).focus();
    await page.keyboard.press("Enter");
    const form = page.getByRole("dialog", { name: "Add Shift" });
    await form.getByRole("radio", { name: "Night Shift" }).focus();
    await page.keyboard.press("Space");
    expect(await form.getByLabel("Start time").inputValue()).toBe("19:00");
    await form.getByRole("button", { name: "Add shift" }).focus();
    await page.keyboard.press("Enter");
    await toastText(page, "Shift added").waitFor();
    const added = chip(page, `Night Shift, 7:00 PM – 7:00 AM, ${calendarDayName(target)}`);
    await added.waitFor();
    const box = await added.boundingBox();
    expect(box && box.height >= 24 && box.width >= 24).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe("dashboard", () => {
  test("'Upcoming Shifts' shows today and the next 6 days", async () => {
    const page = await signedInPage();
    const today = todayInLondon();
    await apiShift(page, { date: today, shiftType: "day", startTime: "07:00", endTime: "19:00" });
    await apiShift(page, { date: addDays(today, 1), shiftType: "rest_day", restDayShiftInterest: true });
    await apiShift(page, { date: addDays(today, 3), shiftType: "night", startTime: "19:00", endTime: "07:00" });
    await apiShift(page, { date: addDays(today, 7), shiftType: "annual_leave" });
    await apiShift(page, { date: addDays(today, -1), shiftType: "annual_leave" });
    await page.goto("/dashboard");
    const card = page.getByTestId("upcoming-shifts");
    await card.getByText("Today").waitFor();
    const rows = card.locator("li[data-day]");
    // Days 4 to 6 have no shift: one row for the three of them (the row names its first and last day).
    await expect.poll(() => rows.count()).toBe(5);
    const days = await rows.evaluateAll((els) =>
      els.map((e) => [e.getAttribute("data-day"), e.getAttribute("data-day-to")]),
    );
    expect(days).toEqual([
      ...Array.from({ length: 4 }, (_, i) => [addDays(today, i), null]),
      [addDays(today, 4), addDays(today, 6)],
    ]);
    const row = (n: number) => card.locator(`li[data-day="${addDays(today, n)}"]`);
    expect((await row(0).textContent()) ?? "").toMatch(/Day Shift[\s\S]*7:00 AM – 7:00 PM/);
    expect((await row(1).textContent()) ?? "").toMatch(/Rest Day[\s\S]*Available Off Day/);
    expect((await row(2).textContent()) ?? "").toContain("No shift");
    expect((await row(3).textContent()) ?? "").toMatch(/Night Shift[\s\S]*7:00 PM – 7:00 AM/);
    expect((await card.textContent()) ?? "").not.toContain("Annual Leave");
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole("link", { name: "View Full Schedule" }).click();
    await page.getByRole("heading", { name: "Your Schedule" }).waitFor();
  });
});

describe("calendar demo", () => {
  test("works signed out: sample rest days follow the Friday-to-Sunday rule, manual entry stays local", async () => {
    const page = await openPage();
    const apiCalls: string[] = [];
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith("/api/") && path !== "/api/auth/user" && path !== "/api/meta") apiCalls.push(path);
    });
    await page.goto("/calendar-demo");
    await page.getByRole("tab", { name: "Sample Calendar" }).waitFor();
    expect(await page.getByRole("link", { name: "Get Started" }).getAttribute("href")).toBe("/auth");
    for (const label of ["Day shift", "Night shift", "Rest day", "Annual leave"]) {
      await page.getByRole("region", { name: "Colour legend" }).getByText(label, { exact: true }).waitFor();
    }

    // Next month is wholly in the future: exactly its Fridays to Sundays are rest days.
    const first = nextMonthDay(1);
    await page.getByRole("button", { name: "Next month" }).click();
    await page.getByRole("heading", { name: monthLabel(first) }).waitFor();
    const cells = await page.locator("li[data-day]").evaluateAll((els) =>
      els.map((e) => ({
        day: e.getAttribute("data-day") as string,
        types: [...e.querySelectorAll("[data-shift-type]")].map((c) => c.getAttribute("data-shift-type")),
      })),
    );
    const month = first.slice(0, 7);
    const inMonth = cells.filter((c) => c.day.startsWith(month));
    expect(inMonth.length).toBeGreaterThanOrEqual(28);
    for (const c of inMonth) {
      const [y, m, d] = c.day.split("-").map(Number);
      const wd = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
      expect(c.types.includes("rest_day"), c.day).toBe(wd === 5 || wd === 6 || wd === 0);
    }

    await page.getByRole("tab", { name: "Manual Entry" }).click();
    const target = nextMonthDay(14);
    await page.getByRole("button", { name: "Next month" }).click();
    await page.getByRole("button", { name: `Add shift on ${calendarDayName(target)}` }).click();
    const form = page.getByRole("dialog", { name: "Add Shift" });
    await form.getByRole("radio", { name: "Annual Leave" }).check();
    await form.getByRole("button", { name: "Add shift" }).click();
    await chip(page, `Annual Leave, ${calendarDayName(target)}`).click();
    await page.getByRole("dialog", { name: "Shift Details" }).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect.poll(() => chip(page, `Annual Leave, ${calendarDayName(target)}`).count()).toBe(0);
    expect(apiCalls).toEqual([]);
    expect(new URL(page.url()).pathname).toBe("/calendar-demo");
    expect(await axeViolations(page)).toEqual([]);
  });
});
