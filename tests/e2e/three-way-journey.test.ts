import { format, parseISO } from "date-fns";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import {
  addDayShift,
  axeViolations,
  browserPerFile,
  calendarDayName,
  callApi,
  DESKTOP,
  MONTHS,
  markOffDayAvailable,
  PHONE,
  screenshot,
  seekingCoverOn,
  signedInParamedic,
  type Viewport,
} from "./helpers";

const browser = browserPerFile();

const signedIn = (viewport: Viewport, firstName: string, lastName: string) =>
  signedInParamedic(browser, viewport, { firstName, lastName, paramedicBase: "Erdington" });

const details = (page: Page) => page.getByTestId("swap-details");
const party = (page: Page, name: RegExp | string) =>
  details(page).getByTestId("three-way-party").filter({ hasText: name });
const thread = (page: Page) => page.getByRole("log", { name: "Messages" });
/** The Inbox's unread count, in the header (wide) or the tab bar (phone). */
const unread = (page: Page) => page.getByTestId("unread-badge");

/** Types a message in the open conversation and sends it with Enter. */
async function say(page: Page, text: string) {
  const box = page.getByPlaceholder("Type a message...");
  await box.fill(text);
  await box.press("Enter");
  await thread(page).getByTestId("chat-message").filter({ hasText: text }).waitFor();
}

/** Waits until `page` shows `text` from someone else, live, under that sender's name. */
async function heard(page: Page, text: string, from: string) {
  const message = thread(page).getByTestId("chat-message").filter({ hasText: text });
  await message.waitFor({ timeout: 10_000 });
  expect(await message.getAttribute("data-own")).toBe("false");
  expect(await message.getByTestId("chat-sender").textContent()).toBe(from);
}

/** The schedule at the month of `date` (far ahead: 'Next month' until its title is that month). */
async function calendarAt(page: Page, date: string) {
  await page.goto("/calendar");
  const [y, m] = date.split("-").map(Number);
  const title = page.getByRole("heading", { name: `${MONTHS[m - 1]} ${y}`, exact: true });
  await page.getByRole("heading", { name: "Your Schedule" }).waitFor();
  for (let i = 0; i < 14 && (await title.count()) === 0; i++) {
    await page.getByRole("button", { name: "Next month" }).click();
  }
  await title.waitFor();
}

const chip = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

/** On the calendar of `page`: works `worked` on `works`, and `date` is a plain rest day (the Available Off Day used). */
async function expectWorksAndRests(page: Page, works: string, worked: string, rests: string) {
  await calendarAt(page, works);
  await chip(page, `${worked}, ${calendarDayName(works)}`).waitFor();
  await calendarAt(page, rests);
  await chip(page, `Rest Day, ${calendarDayName(rests)}`).waitFor();
  expect(await chip(page, `Available Off Day, ${calendarDayName(works)}`).count()).toBe(0);
}

/** 'Sunday, August 15th, 2027', as the wizard's first step names a shift. */
const longDay = (date: string) => format(parseISO(date), "EEEE, MMMM do, yyyy");

/** 'Aug 15, 2027', as lists show a request's day. */
const shortDay = (date: string) => format(parseISO(date), "MMM d, yyyy");

const DAY = "Day Shift, 7:00 AM – 7:00 PM";
const NIGHT = "Night Shift, 7:00 PM – 7:00 AM";

describe("a three-way swap from the wizard to three calendars", () => {
  // Days far beyond every other browser test's (three-way-request uses 200–226), so the three-way
  // search of another file finds no cycle through these colleagues, nor theirs through these.
  for (const [width, viewport, first] of [
    ["1280", DESKTOP, 260],
    ["390", PHONE, 280],
  ] as const) {
    test(`Amy proposes it in the wizard, the three talk in one conversation and agree, and it completes (${width} px)`, async () => {
      const tag = `${width}x${String(Date.now()).slice(-5)}`;
      const [a, b, c] = [first, first + 3, first + 6].map((n) => addDays(todayInLondon(), n));
      const [amyName, benName, catName] = ["Amy", "Ben", "Cat"].map((n) => `${n} Journey${tag}`);
      const amy = await signedIn(viewport, "Amy", `Journey${tag}`);
      const ben = await signedIn(viewport, "Ben", `Journey${tag}`);
      const cat = await signedIn(viewport, "Cat", `Journey${tag}`);
      // Amy's day on a, off on c; Ben off on a, needs b; Cat off on b, needs her night on c. Amy
      // works on b, so she cannot cover Ben's b herself: only the three together can swap.
      await addDayShift(amy, a);
      await addDayShift(amy, b);
      await markOffDayAvailable(amy, c);
      await markOffDayAvailable(ben, a);
      await seekingCoverOn(ben, b);
      await markOffDayAvailable(cat, b);
      await seekingCoverOn(cat, c, true);

      // Amy: the wizard's matches step lists the three-way swap; she proposes it.
      await amy.goto("/swap-requests");
      await amy.getByRole("button", { name: "New swap request" }).click();
      const wizard = amy.getByRole("dialog", { name: "New Swap Request" });
      await wizard.getByText("Step 1 of 5: Select your shift").waitFor();
      await wizard.getByRole("radio", { name: new RegExp(`^${longDay(a)}`) }).check();
      await wizard.getByRole("button", { name: "Next" }).click();
      await wizard.getByText("Step 2 of 5: Find a match").waitFor();
      const item = wizard
        .getByRole("region", { name: "Three-way swaps" })
        .getByRole("listitem")
        .filter({ hasText: `${benName} takes your` });
      await item.waitFor();
      expect(await item.textContent()).toContain(`you take ${catName}'s`);
      await item.scrollIntoViewIfNeeded();
      await screenshot(amy, `journey-${width}-1-wizard`, { fullPage: false });
      expect(await axeViolations(amy)).toEqual([]);
      await item.getByRole("button", { name: "Propose" }).click();
      const confirm = amy.getByRole("alertdialog", { name: "Propose this three-way swap?" });
      await confirm.waitFor();
      await screenshot(amy, `journey-${width}-2-confirm`, { fullPage: false });
      expect(await axeViolations(amy)).toEqual([]);
      const created = amy.waitForResponse(
        (r) => r.url().endsWith("/api/three-way-swaps") && r.request().method() === "POST",
      );
      await confirm.getByRole("button", { name: "Propose" }).click();
      const { id } = (await (await created).json()) as { id: number };

      // Her new request's conversation opens, naming both others.
      await amy.waitForURL((url) => url.pathname === "/messages");
      await amy.getByTestId("conversation-heading").getByText(`${benName} & ${catName}`).waitFor();
      await expect.poll(() => details(amy).getByTestId("three-way-party").count()).toBe(3);

      // Ben finds it in his swap requests; Cat on her dashboard, waiting for her answer.
      await ben.goto("/swap-requests");
      const benItem = ben
        .getByTestId("swap-requests-card")
        .getByRole("listitem")
        .filter({ hasText: `Three-way with ${amyName} & ${catName}` });
      await benItem.waitFor();
      // Each party's list names their own shift in it, not the proposer's.
      expect(await benItem.textContent()).toContain(shortDay(b));
      expect(await benItem.textContent()).not.toContain(shortDay(a));
      // His Seeking Coverage entry is named by the shift it is.
      expect(await benItem.textContent()).toContain("Day Shift · 7:00 AM – 7:00 PM");
      await screenshot(ben, `journey-${width}-3-requests`);
      expect(await axeViolations(ben)).toEqual([]);
      await benItem.getByRole("link", { name: /^Chat about the request for / }).click();
      await ben.getByTestId("conversation-heading").getByText(`${amyName} & ${catName}`).waitFor();

      await cat.goto("/dashboard");
      const catLink = cat.getByTestId("dashboard-swap-requests").getByRole("link", { name: /Needs your answer/ });
      await catLink.waitFor();
      expect(await catLink.textContent()).toContain(shortDay(c));
      await screenshot(cat, `journey-${width}-4-dashboard`);
      await catLink.click();
      await cat.getByTestId("conversation-heading").getByText(`${amyName} & ${benName}`).waitFor();
      expect(await party(cat, /^You/).textContent()).toMatch(
        new RegExp(
          `^YouWorks ${benName}'s \\w{3} \\d+ \\w{3} Day ShiftRest day on \\w{3} \\d+ \\w{3} instead of the Night ShiftAgree$`,
        ),
      );

      // One conversation for the three: each message reaches the other two, live, under its sender's name.
      await say(ben, "Happy to do Amy's day");
      await heard(amy, "Happy to do Amy's day", benName);
      await heard(cat, "Happy to do Amy's day", benName);
      await say(cat, "And I'll take Ben's day");
      await heard(amy, "And I'll take Ben's day", catName);
      await heard(ben, "And I'll take Ben's day", catName);
      await say(amy, "Then I work Cat's night. Thanks both");
      await heard(ben, "Then I work Cat's night. Thanks both", amyName);
      await heard(cat, "Then I work Cat's night. Thanks both", amyName);
      // Reading the conversation reads every message in it: no unread count is left.
      for (const page of [amy, ben, cat]) await expect.poll(() => unread(page).count(), { timeout: 10_000 }).toBe(0);
      await screenshot(cat, `journey-${width}-5-conversation-cat`);
      expect(await axeViolations(cat)).toEqual([]);

      // Each agrees on their own side; the others see it without a reload.
      await party(ben, /^You/).getByRole("button", { name: "Agree" }).click();
      await party(ben, /^You/).getByText("Agreed").waitFor();
      await party(amy, benName).getByText("Agreed").waitFor({ timeout: 10_000 });
      await party(cat, benName).getByText("Agreed").waitFor({ timeout: 10_000 });
      await party(cat, /^You/).getByRole("button", { name: "Agree" }).click();
      await party(cat, /^You/).getByText("Agreed").waitFor();
      await party(amy, catName).getByText("Agreed").waitFor({ timeout: 10_000 });
      await screenshot(amy, `journey-${width}-6-before-last-agree`);
      expect(await axeViolations(amy)).toEqual([]);
      await party(amy, /^You/).getByRole("button", { name: "Agree" }).click();

      // The last Agree completes it for all three.
      for (const page of [amy, ben, cat]) {
        await details(page).getByText("Deal completed!").waitFor({ timeout: 10_000 });
        await details(page).getByRole("region", { name: "Submit this swap on GRS" }).waitFor();
      }
      const grs = async (page: Page) =>
        details(page).getByRole("region", { name: "Submit this swap on GRS" }).textContent();
      expect(await grs(ben)).toContain(`you work ${amyName}'s`);
      expect(await grs(ben)).toContain(`and ${catName} works your`);
      await screenshot(ben, `journey-${width}-7-completed-ben`);
      expect(await axeViolations(ben)).toEqual([]);
      expect((await callApi(cat, "GET", `/api/swap-requests/${id}`)).status).toBe("completed");

      // Any of the three ticks it submitted on GRS, and the others see it.
      await details(cat).getByRole("checkbox", { name: "Submitted on GRS" }).click();
      await expect
        .poll(() => details(amy).getByRole("checkbox", { name: "Submitted on GRS" }).isChecked(), { timeout: 10_000 })
        .toBe(true);
      expect((await callApi(ben, "GET", `/api/swap-requests/${id}`)).grsSubmitted).toBe(true);

      // Each works the shift they took and rests on their own need's date.
      await expectWorksAndRests(amy, c, NIGHT, a);
      await expectWorksAndRests(ben, a, DAY, b);
      await expectWorksAndRests(cat, b, DAY, c);
      await calendarAt(cat, b);
      await chip(cat, `${DAY}, ${calendarDayName(b)}`).scrollIntoViewIfNeeded();
      await screenshot(cat, `journey-${width}-8-calendar-cat`, { fullPage: false });
    }, 150_000);
  }
});
