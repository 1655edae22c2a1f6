import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import {
  addDayShift,
  browserPerFile,
  calendarDayName,
  callApi,
  DESKTOP,
  MONTHS,
  newUser,
  nextMonthDay,
  PHONE,
  registerViaApi,
  screenshot,
  skipWelcome,
} from "./helpers";

/** Schedule screens that must follow the date, the server and SPEC §8's wording. */

const browser = browserPerFile();

async function signedInPage(viewport = DESKTOP) {
  const page = await browser.newPage(viewport);
  const { id } = await registerViaApi(page, newUser({ firstName: "Robin" }));
  await skipWelcome(page, id);
  return { page, id };
}

const toastText = (page: Page, text: string) => page.getByTestId("toast").getByText(text, { exact: true });
const monthLabel = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
/** The GET /api/availability queries the page sends, as [start, end]. */
function availabilityCalls(page: Page): string[][] {
  const calls: string[][] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (req.method() === "GET" && url.pathname === "/api/availability") {
      calls.push([url.searchParams.get("start") ?? "", url.searchParams.get("end") ?? ""]);
    }
  });
  return calls;
}

describe("schedule freshness", () => {
  test("asks for availability only once there are shifts, over their dates, and again after a change", async () => {
    const { page } = await signedInPage();
    const calls = availabilityCalls(page);
    await page.goto("/calendar");
    await page.getByRole("heading", { name: "Your Schedule" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(calls).toEqual([]);

    const first = nextMonthDay(3);
    const last = nextMonthDay(20);
    await callApi(page, "POST", "/api/shifts", { date: first, shiftType: "rest_day" });
    await callApi(page, "POST", "/api/shifts", { date: last, shiftType: "annual_leave" });
    await page.reload();
    await expect.poll(() => calls.at(-1)).toEqual([first, last]);

    await page.getByRole("button", { name: "Next month" }).click();
    await page.getByRole("button", { name: `Add shift on ${calendarDayName(nextMonthDay(25))}` }).click();
    const form = page.getByRole("dialog", { name: "Add Shift" });
    await form.getByRole("radio", { name: "Annual Leave" }).check();
    await form.getByRole("button", { name: "Add shift" }).click();
    await toastText(page, "Shift added").waitFor();
    await expect.poll(() => calls.at(-1)).toEqual([first, nextMonthDay(25)]);

    // Chips write times like every other screen; an untimed night shows SPEC §9's fallback.
    await callApi(page, "POST", "/api/shifts", { date: nextMonthDay(5), shiftType: "night" });
    await addDayShift(page, nextMonthDay(6));
    await page.reload();
    await page.getByRole("button", { name: "Next month" }).click();
    const night = page.getByRole("button", {
      name: `Night Shift, 6:00 PM – 6:00 AM, ${calendarDayName(nextMonthDay(5))}`,
    });
    await night.waitFor();
    expect(await night.textContent()).toContain("6:00 PM – 6:00 AM");
    await night.click();
    await page.getByRole("dialog", { name: "Shift Details" }).getByText("6:00 PM – 6:00 AM").waitFor();
    await screenshot(page, "calendar-desktop", { fullPage: false });
  });

  test("moves the today marker and refetches shifts when the London date changes", async () => {
    const page = await browser.newPage(DESKTOP);
    const today = todayInLondon();
    const tomorrow = addDays(today, 1);
    // One minute before London midnight tonight (the test machine runs in UTC or London time).
    const [y, m, d] = today.split("-").map(Number);
    const offset = new Date(Date.UTC(y, m - 1, d, 12)).toLocaleString("en-GB", {
      timeZone: "Europe/London",
      timeZoneName: "short",
    });
    const bst = offset.includes("BST");
    await page.clock.install({ time: new Date(Date.UTC(y, m - 1, d, bst ? 22 : 23, 59, 0)) });
    const { id } = await registerViaApi(page, newUser({ firstName: "Night" }));
    await skipWelcome(page, id);
    let shiftReads = 0;
    page.on("request", (req) => {
      if (req.method() === "GET" && new URL(req.url()).pathname === "/api/shifts") shiftReads += 1;
    });
    await page.goto("/calendar");
    const marker = page.locator("[aria-current=date]");
    await expect.poll(() => marker.textContent()).toContain(calendarDayName(today).split(", ")[1]);
    await expect.poll(() => shiftReads).toBeGreaterThan(0);
    const readsBefore = shiftReads;

    await page.clock.runFor(90_000);
    await expect.poll(() => marker.textContent()).toContain(calendarDayName(tomorrow).split(", ")[1]);
    await page.getByRole("heading", { name: monthLabel(tomorrow) }).waitFor();
    await expect.poll(() => shiftReads).toBeGreaterThan(readsBefore);
  });

  test("offers the feed as a webcal:// link beside the https one", async () => {
    const { page } = await signedInPage();
    await page.goto("/calendar");
    await page.getByRole("button", { name: "Calendar feed" }).click();
    const dialog = page.getByRole("dialog", { name: "Calendar feed" });
    const input = dialog.getByLabel("Your private calendar link");
    await expect.poll(() => input.inputValue()).toMatch(/^http/);
    const https = await input.inputValue();
    const webcal = await dialog.getByRole("link", { name: /calendar app/ }).getAttribute("href");
    expect(webcal).toBe(https.replace(/^https?:/, "webcal:"));
    await screenshot(page, "calendar-feed-desktop", { fullPage: false });
  });
});

describe("schedule layout on a phone", () => {
  test("the tip can be dismissed for good by that user, and My Availability sits below the grid", async () => {
    const { page } = await signedInPage(PHONE);
    await page.goto("/calendar");
    const tip = page.getByTestId("schedule-tip");
    await tip.waitFor();
    const grid = page.getByRole("list", { name: monthLabel(todayInLondon()) });
    const gridBox = await grid.boundingBox();
    const panelBox = await page.locator("[data-testid=my-availability]:visible").boundingBox();
    expect(gridBox && panelBox && panelBox.y > gridBox.y + gridBox.height - 1).toBe(true);
    await screenshot(page, "calendar-phone-tip", { fullPage: false });

    await tip.getByRole("button", { name: "Dismiss tip" }).click();
    await tip.waitFor({ state: "detached" });
    await page.reload();
    await page.getByRole("heading", { name: "Your Schedule" }).waitFor();
    await grid.waitFor();
    expect(await tip.count()).toBe(0);
    await screenshot(page, "calendar-phone", { fullPage: false });

    // Another clinician on the same phone still gets the tip, even when the screen first opens with
    // the last user saved on the device and learns who is signed in a moment later.
    await callApi(page, "POST", "/api/auth/logout");
    await registerViaApi(page, newUser({ firstName: "Other" }));
    await page.route("**/api/auth/user", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto("/calendar");
    await tip.waitFor();
  });
});

describe("schedule toasts (SPEC §8)", () => {
  test("shift, clear and user-load failures use SPEC's titles and texts", async () => {
    const { page } = await signedInPage();
    const day = nextMonthDay(9);
    const shift = await callApi(page, "POST", "/api/shifts", { date: day, shiftType: "rest_day" });
    await page.goto("/calendar");
    await page.getByRole("button", { name: "Next month" }).click();
    const chip = page.getByRole("button", { name: `Rest Day, ${calendarDayName(day)}`, exact: true });

    // Refused by the server with its reason: 'Failed to delete shift' and that reason.
    await callApi(page, "DELETE", `/api/shifts/${shift.id}`);
    await chip.click();
    await page.getByRole("dialog", { name: "Shift Details" }).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await toastText(page, "Failed to delete shift").waitFor();
    await page.keyboard.press("Escape");

    // Unexpected failures (the connection drops mid-request): 'Error Adding Shift' and 'Error'.
    // (Offline mode would not do: the query library holds changes back until the browser is online.)
    const dropWrites = () =>
      page.route("**/api/shifts/**", (route) =>
        route.request().method() === "GET" ? route.continue() : route.abort(),
      );
    const dropCreate = () => page.route("**/api/shifts", (route) => route.abort());
    await page.reload();
    await page.getByRole("button", { name: "Next month" }).click();
    await page.getByRole("button", { name: `Add shift on ${calendarDayName(day)}` }).click();
    const form = page.getByRole("dialog", { name: "Add Shift" });
    await form.getByRole("radio", { name: "Annual Leave" }).check();
    await dropCreate();
    await form.getByRole("button", { name: "Add shift" }).click();
    await toastText(page, "Error Adding Shift").waitFor();
    await page
      .getByTestId("toast")
      .getByText(/^Failed to add or update shift: /)
      .waitFor();
    await page.unrouteAll();
    await form.getByRole("button", { name: "Add shift" }).click();
    await toastText(page, "Shift added").waitFor();

    await page.getByRole("button", { name: `Annual Leave, ${calendarDayName(day)}`, exact: true }).click();
    await page.getByRole("dialog", { name: "Shift Details" }).getByRole("button", { name: "Delete" }).click();
    await dropWrites();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await toastText(page, "Failed to delete shift. Please try again.").waitFor();
    await toastText(page, "Error").waitFor();
    const details = page.getByRole("dialog", { name: "Shift Details" });
    await expect
      .poll(async () => {
        if ((await details.count()) > 0) await page.keyboard.press("Escape");
        return details.count();
      })
      .toBe(0);

    // Clearing: one shift is 'shift'; a failure without a server message says 'Failed to clear shifts'.
    const clearMonth = async () => {
      await page.getByRole("button", { name: "Clear Calendar" }).click();
      await page.getByRole("menuitem", { name: `Clear this month (${monthLabel(day)})` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Clear calendar" }).click();
    };
    await clearMonth();
    await toastText(page, "Failed to clear shifts").waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("alertdialog").waitFor({ state: "detached" });
    await page.unrouteAll();
    await clearMonth();
    await toastText(page, `Successfully cleared 1 shift for ${monthLabel(day)}`).waitFor();

    // A failed user load says so instead of signing the user out silently.
    await page.route("**/api/auth/user", (route) => route.fulfill({ status: 500, body: "" }));
    await page.reload();
    await toastText(page, "There was a problem loading user data. Please try again.").waitFor();
    await toastText(page, "Error").waitFor();
  });
});
