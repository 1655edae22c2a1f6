import pg from "pg";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import { HUB_PAGE_SIZE } from "../../common/hub-listing";
import {
  appDatabaseUrl,
  axeViolations,
  browserPerFile,
  DESKTOP,
  newUser,
  PASSWORD,
  PHONE,
  registerViaApi,
  screenshot,
  signInViaForm,
  skipWelcome,
} from "./helpers";

const browser = browserPerFile();

async function openPage(viewport = DESKTOP): Promise<Page> {
  return browser.newPage(viewport);
}

/** A call to the API from the page, as the signed-in user. */
async function call(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const r = await fetch(url, {
        method,
        headers: body === undefined ? {} : { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.text();
      return { status: r.status, body: text ? JSON.parse(text) : undefined };
    },
    { method, url, body },
  );
}

async function shift(page: Page, body: Record<string, unknown>) {
  const res = await call(page, "POST", "/api/shifts", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** A colleague at Dudley who is urgently seeking swaps, set up through the API in their own browser context. */
async function colleague(firstName: string, lastName: string, setup: (page: Page) => Promise<void>) {
  const page = await openPage();
  await registerViaApi(page, newUser({ firstName, lastName, paramedicBase: "Dudley" }));
  const res = await call(page, "PATCH", "/api/profile", { swapUrgency: "urgent" });
  expect(res.status).toBe(200);
  await setup(page);
}

/** A new clinician on a phone opens the clinician browser for `hub` from /swap-requests. */
async function browseOnPhone(user: ReturnType<typeof newUser>, hub: string) {
  const page = await openPage(PHONE);
  const { id } = await registerViaApi(page, user);
  await skipWelcome(page, id);
  await page.goto("/swap-requests");
  await page.getByRole("button", { name: /Select Hub & Browse/ }).click();
  await page.getByRole("radio", { name: hub }).click();
  await page.getByRole("button", { name: "Browse Clinicians" }).click();
  return { page, browserView: page.getByTestId("clinician-browser") };
}

/** Waits for the toast whose text includes `text`. */
const toastWith = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text }).waitFor();

const today = todayInLondon();
const day = (n: number) => addDays(today, n);

describe("Browse by Hub", () => {
  test("pick a hub, filter a date range, expand a clinician, see their off days and ask for a swap", async () => {
    await colleague("Priya", "Shah", async (p) => {
      await shift(p, { date: day(10), shiftType: "rest_day", restDayShiftInterest: true });
      await shift(p, { date: day(40), shiftType: "rest_day", restDayShiftInterest: true });
      await shift(p, { date: day(12), shiftType: "seeking_coverage", startTime: "07:00", endTime: "19:00" });
    });
    await colleague("Nora", "Quinn", async (p) => {
      await shift(p, { date: day(11), shiftType: "rest_day", restDayShiftInterest: true });
    });

    const page = await openPage();
    const me = newUser({ firstName: "Casey", lastName: "Reed", paramedicBase: "Dudley" });
    const { id } = await registerViaApi(page, me);
    await skipWelcome(page, id);
    expect((await call(page, "PATCH", "/api/profile", { swapUrgency: "urgent" })).status).toBe(200);
    await page.goto("/dashboard");

    await page.getByRole("button", { name: "Select Hub & Browse" }).click();
    const picker = page.getByRole("dialog", { name: "Select a Hub" });
    await expect.poll(() => picker.isVisible()).toBe(true);
    await screenshot(page, "hub-picker-desktop", { fullPage: false });
    await picker.getByRole("button", { name: "Browse Clinicians" }).click();
    await picker.getByText("Please select a hub to continue").waitFor();
    await toastWith(page, "Hub selection required");
    await picker.getByRole("radio", { name: "Dudley Hub" }).click();
    await picker.getByRole("button", { name: "Browse Clinicians" }).click();
    await toastWith(page, "Hub selected");

    const browserView = page.getByTestId("clinician-browser");
    await browserView.getByRole("heading", { name: "Clinicians at Dudley Hub" }).waitFor();
    const urgentAtDudley = await call(page, "GET", "/api/users/hub/Dudley%20Hub/count");
    expect(urgentAtDudley.body.count).toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => browserView.getByTestId("seeking-count").textContent())
      .toBe(String(urgentAtDudley.body.count));
    await browserView.getByText("At Dudley Hub", { exact: true }).waitFor();
    await screenshot(page, "browser-overview-desktop", { fullPage: false });

    // Everyone urgent: Priya is there, I am not.
    await browserView.getByRole("button", { name: /View All Active Users/ }).click();
    const list = browserView.getByTestId("clinician-list");
    await list.getByRole("heading", { name: "Priya Shah" }).waitFor();
    expect(await list.getByRole("heading", { name: "Casey Reed" }).count()).toBe(0);
    await browserView.getByRole("button", { name: "Back to overview" }).click();

    // A date range around Priya's and Nora's days moves to the filtered view.
    await browserView.getByRole("button", { name: "Search by Date Range" }).click();
    const filter = browserView.getByTestId("date-range-filter");
    await filter.locator(`[data-day="${day(9)}"] button`).click();
    await filter.locator(`[data-day="${day(14)}"] button`).click();
    await list.waitFor();
    const priya = list.getByTestId("clinician-row").filter({ hasText: "Priya Shah" });
    const nora = list.getByTestId("clinician-row").filter({ hasText: "Nora Quinn" });
    await priya.waitFor();
    await nora.waitFor();
    await expect
      .poll(() => priya.getByTestId("clinician-status").textContent())
      .toBe("Urgent - Actively seeking swaps");
    expect(await priya.textContent()).toContain("Paramedic");

    await priya.getByRole("button", { name: /Show details/ }).click();
    await toastWith(page, "Clinician selected");
    await priya.getByRole("button", { name: /Hide details/ }).waitFor();
    await priya.getByText("7:00 AM – 7:00 PM").waitFor();
    const offDays = priya.getByRole("button", { name: /Request a swap with Priya Shah/ });
    expect(await offDays.count()).toBe(1);
    await screenshot(page, "browser-filtered-desktop", { fullPage: false });

    // Nora has an off day but nothing needing cover: her off days are explained, not offered.
    await nora.getByRole("button", { name: /Show details/ }).click();
    await nora.getByText(/Available Off Days show here when they also have a shift needing cover/).waitFor();
    expect(await nora.getByRole("button", { name: /Request a swap with/ }).count()).toBe(0);

    expect(await axeViolations(page)).toEqual([]);

    await offDays.first().click();
    await toastWith(page, "Rest day selected");
    await page.getByRole("dialog", { name: "Request a swap with Priya Shah" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "Request a swap with Priya Shah" }).waitFor({ state: "detached" });

    // Clearing the range returns to the overview; Back to Hubs returns to the picker.
    await filter.getByRole("button", { name: "Reset filter" }).click();
    await browserView.getByTestId("hub-overview").waitFor();
    await browserView.getByRole("button", { name: "Back to Hubs" }).click();
    await page.getByRole("dialog", { name: "Select a Hub" }).waitFor();
  });

  test("loads the next clinicians as the list scrolls, and counts them all", async () => {
    // More colleagues than a page, put straight into the database: signing them all up would run
    // into the per-address registration limit.
    const total = HUB_PAGE_SIZE + 4;
    const db = new pg.Client({ connectionString: appDatabaseUrl() });
    await db.connect();
    try {
      await db.query(
        `insert into users (username, email, password, first_name, last_name, clinical_grade, paramedic_base, hub,
                            swap_urgency, actively_seeking_swaps)
         select 'erdington-crew-' || i, 'erdington-crew-' || i || '@nhs.net', 'not-a-password-hash', 'Crew',
                'Erdington ' || lpad(i::text, 2, '0'), 'paramedic', 'Erdington', 'Erdington Hub', 'urgent', true
         from generate_series(1, $1::int) i`,
        [total],
      );
    } finally {
      await db.end();
    }

    const { page, browserView } = await browseOnPhone(
      newUser({ firstName: "Alex", paramedicBase: "Hollymoor" }),
      "Erdington Hub",
    );
    await expect.poll(() => browserView.getByTestId("seeking-count").textContent()).toBe(String(total));

    await browserView.getByRole("button", { name: /View All Active Users/ }).click();
    const list = browserView.getByTestId("clinician-list");
    const rows = list.getByTestId("clinician-row");
    await browserView.getByRole("heading", { name: `All active users (${total})` }).waitFor();
    await expect.poll(() => rows.count()).toBe(HUB_PAGE_SIZE);
    expect(await rows.last().getByRole("heading").textContent()).toBe(`Crew Erdington ${HUB_PAGE_SIZE}`);

    // Scrolling to the end of the list brings the rest.
    await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(() => rows.count()).toBe(total);
    expect(await rows.last().getByRole("heading").textContent()).toBe(`Crew Erdington ${total}`);
    expect(await list.getByTestId("more-clinicians").count()).toBe(0);
    await screenshot(page, "browser-paged-phone", { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
  });

  test("shows one calendar month on a phone and the empty state when nobody matches", async () => {
    const { page, browserView } = await browseOnPhone(
      newUser({ firstName: "Robin", paramedicBase: "Stoke" }),
      "All Hubs",
    );
    await browserView.getByRole("heading", { name: "Clinicians at All Hubs" }).waitFor();
    await browserView.getByText("Across all hubs", { exact: true }).waitFor();
    await screenshot(page, "browser-overview-phone", { fullPage: false });

    await browserView.getByRole("button", { name: "Filter by Date Range" }).click();
    const filter = browserView.getByTestId("date-range-filter");
    await filter.getByRole("grid").first().waitFor();
    expect(await filter.getByRole("grid").count()).toBe(1);
    // Weeks start on Sunday, as on the schedule.
    expect(await filter.locator("thead th").first().getAttribute("aria-label")).toBe("Sunday");
    // Far ahead and a single day: nobody has anything on offer then.
    await filter.getByRole("button", { name: /next month/i }).click();
    await filter.getByRole("button", { name: /next month/i }).click();
    await filter.locator("[data-day] button").nth(-2).click();
    await filter.locator("[data-day] button").last().click();
    await browserView.getByText("No clinicians found").waitFor();
    await browserView.getByTestId("clinician-list").scrollIntoViewIfNeeded();
    await browserView.getByText("Clinicians appear here once they set their swap urgency to urgent.").waitFor();
    await screenshot(page, "browser-empty-phone", { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe("Profile", () => {
  test("edits the profile with its validation, and the header shows the new status", async () => {
    const page = await openPage();
    const me = newUser({ firstName: "Jamie", lastName: "Okafor", paramedicBase: "Dudley" });
    const { id } = await registerViaApi(page, me);
    await skipWelcome(page, id);
    await page.goto("/profile");

    const summary = page.getByTestId("profile-summary");
    await summary.getByText("Jamie Okafor").waitFor();
    await summary.getByText("Swap Status Not Set").waitFor();
    const headerDot = page.getByTestId("app-header").getByTestId("status-dot");
    expect(await headerDot.getAttribute("data-status")).toBe("none");

    const firstName = page.getByLabel("First name");
    expect(await firstName.isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Edit" }).click();
    expect(await firstName.isEnabled()).toBe(true);

    await firstName.fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("First name is required").waitFor();

    await firstName.fill("Jordan");
    await page.getByRole("form", { name: "Personal Information" }).getByLabel("Email").fill("jordan@gmail.com");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toastWith(page, "Error updating profile");
    await page.locator("#profile-email-error").getByText("Please sign up with your NHS email").waitFor();
    await page.getByRole("form", { name: "Personal Information" }).getByLabel("Email").fill(me.email);

    await page.getByRole("combobox", { name: "Paramedic base" }).click();
    await page.getByRole("option", { name: "Worcester", exact: true }).click();
    expect(await page.getByLabel("Hub", { exact: true }).inputValue()).toBe("Coventry Hub");
    await page.getByRole("radio", { name: /Urgent - Actively Seeking Swaps/ }).click();
    await screenshot(page, "profile-editing-desktop", { fullPage: false });
    await page.getByRole("button", { name: "Save Changes" }).click();

    await toastWith(page, "Profile updated");
    await summary.getByText("Available for Swaps").waitFor();
    await summary.getByText("Jordan Okafor").waitFor();
    await expect.poll(() => headerDot.getAttribute("data-status")).toBe("urgent");
    expect(await firstName.isDisabled()).toBe(true);
    // The read-only card shows what was saved, drawn as the form draws it.
    expect(await firstName.inputValue()).toBe("Jordan");
    const base = page.getByRole("combobox", { name: "Paramedic base" });
    expect(await base.textContent()).toBe("Worcester");
    expect(await base.isDisabled()).toBe(true);
    expect(await page.getByLabel("Hub", { exact: true }).inputValue()).toBe("Coventry Hub");
    const urgent = page.getByRole("radio", { name: /Urgent - Actively Seeking Swaps/ });
    expect(await urgent.isChecked()).toBe(true);
    expect(await urgent.isDisabled()).toBe(true);

    const saved = await call(page, "GET", "/api/auth/user");
    expect(saved.body).toMatchObject({
      firstName: "Jordan",
      paramedicBase: "Worcester",
      hub: "Coventry Hub",
      swapUrgency: "urgent",
      activelySeekingSwaps: true,
    });

    // Cancel throws away unsaved changes.
    await page.getByRole("button", { name: "Edit" }).click();
    await firstName.fill("Nobody");
    await page.getByRole("button", { name: "Cancel" }).click();
    expect(await firstName.inputValue()).toBe("Jordan");

    // No TUTORIALS_PLAYLIST_URL in this run: no Tutorials card, rather than a player that cannot play.
    await page.getByRole("heading", { name: "Account Deletion" }).waitFor();
    expect(await page.getByText("Tutorials", { exact: true }).count()).toBe(0);
    expect(await page.locator("iframe").count()).toBe(0);
    await screenshot(page, "profile-desktop", { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
  });

  test("deletes the account after confirmation and lands on the sign-in page", async () => {
    const page = await openPage(PHONE);
    const me = newUser({ firstName: "Sam", paramedicBase: "Coventry" });
    const { id } = await registerViaApi(page, me);
    await skipWelcome(page, id);
    await shift(page, { date: day(3), shiftType: "day", startTime: "07:00", endTime: "19:00" });
    await page.goto("/profile");
    await page.getByTestId("profile-summary").waitFor();
    await screenshot(page, "profile-phone", { fullPage: false });

    await page.getByRole("button", { name: "Delete Account" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete your account?" });
    await confirm.getByText(/This cannot be undone/).waitFor();
    expect(await confirm.textContent()).toContain("account history"); // SPEC §6 names what goes
    await screenshot(page, "profile-delete-confirm-phone", { fullPage: false });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect((await call(page, "GET", "/api/auth/user")).status).toBe(200);

    await page.getByRole("button", { name: "Delete Account" }).click();
    // The password is asked for: a borrowed session cannot delete the account.
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete my account" }).click();
    await page.getByRole("alertdialog").getByText("Please enter your password to delete your account").waitFor();
    await page.getByRole("alertdialog").getByLabel("Your password").fill("Wr0ng-password!");
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete my account" }).click();
    await page.getByRole("alertdialog").getByText("Your password is not correct").waitFor();
    await page.getByRole("alertdialog").getByLabel("Your password").fill(PASSWORD);
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete my account" }).click();
    await toastWith(page, "Account deleted");
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("heading", { name: "Sign In" }).waitFor();
    expect((await call(page, "GET", "/api/auth/user")).status).toBe(401);

    await signInViaForm(page, me.email, PASSWORD);
    await toastWith(page, "Login failed");
  });
});
