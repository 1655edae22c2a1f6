import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  addDayShift,
  browserPerFile,
  callApi,
  DESKTOP,
  markOffDayAvailable,
  newUser,
  nextMonthDay,
  PHONE,
  screenshot,
  seekingClinician,
  type Viewport,
} from "./helpers";

const browser = browserPerFile();

const letters = (n: number) =>
  String(n)
    .split("")
    .map((d) => "abcdefghij"[Number(d)])
    .join("");

/** A real 35-letter surname, and a 100-letter one (the most a name may have) unique to this run. */
const REAL = "Wolfeschlegelsteinhausenbergerdorff";
const longest = () => `Hubert${letters(Date.now())}${"wolfeschlegelsteinhausenbergerdorff".repeat(3)}`.slice(0, 100);

/** A clinician at Warwick the hub browser lists (urgently seeking swaps). */
const clinician = (firstName: string, lastName: string, viewport: Viewport = PHONE) =>
  seekingClinician(browser, { firstName, lastName, paramedicBase: "Warwick" }, viewport);

/**
 * Whether the screen fits and shows each surname whole: no sideways scrolling, and every visible
 * element with a surname in its text lies within the screen's width and is cut by no box around
 * it (unless that box carries the full name as its title).
 */
async function nameProblems(page: Page, surnames: string[]): Promise<string[]> {
  return page.evaluate((surnames) => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) {
      problems.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    }
    const visuallyHidden = (el: Element) => {
      for (let up: Element | null = el; up; up = up.parentElement) {
        const box = up.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1 || up.closest("[aria-hidden=true]")) return true;
      }
      return false;
    };
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      const surname = surnames.find((s) => el.textContent?.includes(s));
      if (!surname || Array.from(el.children).some((c) => c.textContent?.includes(surname))) continue;
      if (visuallyHidden(el)) continue;
      const where = el.closest("[data-testid]")?.getAttribute("data-testid") ?? el.tagName.toLowerCase();
      const box = el.getBoundingClientRect();
      if (box.right > width + 1 || box.left < -1)
        problems.push(`${surname.slice(0, 12)}… runs off the screen in ${where}`);
      for (let up: Element | null = el; up && up !== document.body; up = up.parentElement) {
        if (up.getAttribute("title")?.includes(surname)) break;
        if (getComputedStyle(up).overflowX !== "visible" && up.scrollWidth > up.clientWidth + 1) {
          problems.push(`${surname.slice(0, 12)}… is cut off in ${where} (${up.tagName.toLowerCase()})`);
          break;
        }
      }
    }
    return problems;
  }, surnames);
}

async function expectNamesFit(page: Page, surnames: string[], screen: string) {
  await screenshot(page, screen);
  expect(await nameProblems(page, surnames), screen).toEqual([]);
}

describe("long names", () => {
  test("the server keeps a 100-letter surname and refuses a longer one", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/calendar-demo");
    const u = newUser({ lastName: `${longest()}x` });
    const answer = await page.evaluate(async (u) => {
      const res = await fetch("/api/auth/register", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...u, username: u.email, clinicalGrade: "paramedic" }),
      });
      return { status: res.status, body: await res.text() };
    }, u);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("Last name is too long");
    const kept = await clinician("Ben", longest());
    expect((await callApi(kept.page, "GET", "/api/auth/user")).lastName).toHaveLength(100);
  });

  test("wrap on every screen of a 390px phone, whole and without sideways scrolling", async () => {
    const ava = await clinician("Ava", REAL);
    const ben = await clinician("Ben", longest());
    const surnames = [REAL, ben.name.slice(4)];
    const offDay = nextMonthDay(11);
    await addDayShift(ava.page, offDay);
    await markOffDayAvailable(ben.page, offDay);
    await callApi(ben.page, "POST", "/api/shifts", {
      date: nextMonthDay(13),
      shiftType: "seeking_coverage",
      startTime: "07:00",
      endTime: "19:00",
    });

    // Ava finds Ben in the hub browser and asks him through the wizard.
    const a = ava.page;
    await a.goto("/swap-requests");
    await a.getByRole("button", { name: "Select Hub & Browse Clinicians" }).click();
    await a.getByRole("radio", { name: "Warwick Hub" }).click();
    await a.getByRole("button", { name: "Browse Clinicians" }).click();
    const hub = a.getByTestId("clinician-browser");
    await hub.getByRole("button", { name: /View All Active Users/ }).click();
    const row = hub.getByTestId("clinician-row").filter({ hasText: ben.name });
    await row.getByRole("button", { name: `Show details for ${ben.name}` }).click();
    await expectNamesFit(a, surnames, "hub-browser");
    await row.getByRole("button", { name: new RegExp(`^Request a swap with ${ben.name} on`) }).click();
    const wizard = a.getByRole("dialog", { name: `Request a swap with ${ben.name}` });
    await wizard.getByText("Step 3 of 5: Offer shifts in return").waitFor();
    await expectNamesFit(a, surnames, "wizard-offers");
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard.getByText(`${ben.name} (Available Off Day)`).waitFor();
    await expectNamesFit(a, surnames, "wizard-confirm");
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard.getByText("Step 5 of 5: Introductory message").waitFor();
    await expectNamesFit(a, surnames, "wizard-message");
    await wizard.getByRole("button", { name: "Send request" }).click();
    await a.waitForURL((url) => url.pathname === "/messages");
    const [request] = await callApi(a, "GET", "/api/swap-requests");
    await callApi(ben.page, "POST", "/api/messages", { swapRequestId: request.id, content: "Let me check." });

    for (const [who, page, waiting] of [
      ["ava", a, "Awaiting response"],
      ["ben", ben.page, "Needs your answer"],
    ] as const) {
      await page.goto("/dashboard");
      await page.getByTestId("dashboard-swap-requests").getByText(waiting).waitFor();
      await expectNamesFit(page, surnames, `${who}-dashboard`);
      await page.goto("/swap-requests");
      await page
        .getByTestId("swap-requests-card")
        .getByRole("link", { name: /^Chat about/ })
        .waitFor();
      await expectNamesFit(page, surnames, `${who}-swap-requests`);
      await page.goto("/messages");
      await page.getByTestId("conversation-row").first().waitFor();
      await expectNamesFit(page, surnames, `${who}-inbox`);
      await page.goto(`/messages/${request.id}`);
      await page.getByText("Let me check.").waitFor();
      await page.getByTestId("swap-details").getByRole("heading", { name: "Deal Agreement" }).waitFor();
      await expectNamesFit(page, surnames, `${who}-conversation`);
      await page.goto("/profile");
      await page.getByTestId("profile-summary").waitFor();
      await expectNamesFit(page, surnames, `${who}-profile`);
    }
  });

  test("wrap in the header's user menu at 1280px", async () => {
    const ben = await clinician("Ben", longest(), DESKTOP);
    const page = ben.page;
    await page.goto("/profile");
    await page.getByRole("button", { name: /Profile menu for/ }).click();
    await page.getByRole("menu").getByText(ben.email).waitFor();
    await expectNamesFit(page, [ben.name.slice(4)], "user-menu-desktop");
  });
});
