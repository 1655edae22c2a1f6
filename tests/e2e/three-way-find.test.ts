import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  axeViolations,
  browserPerFile,
  callApi,
  DESKTOP,
  newUser,
  nextMonthDay,
  PHONE,
  registerViaApi,
  skipWelcome,
  type Viewport,
} from "./helpers";

const browser = browserPerFile();
const shots = process.env.SCREENSHOTS_DIR ?? os.tmpdir();

async function signedIn(viewport: Viewport, firstName: string, lastName: string) {
  const page = await browser.newPage(viewport);
  const { id } = await registerViaApi(page, newUser({ firstName, lastName, paramedicBase: "Stafford" }));
  await skipWelcome(page, id);
  return page;
}

const rest = (page: Page, date: string) =>
  callApi(page, "POST", "/api/shifts", { date, shiftType: "rest_day", restDayShiftInterest: true });
const work = (page: Page, date: string, shiftType: string, night = false) =>
  callApi(page, "POST", "/api/shifts", {
    date,
    shiftType,
    startTime: night ? "19:00" : "07:00",
    endTime: night ? "07:00" : "19:00",
  });

/** Amy's day a; Ben free then, needing b covered; Cat free on b, needing c covered on Amy's off day. */
async function threeWayPopulation(viewport: Viewport, tag: string, first: number) {
  // Each test on days of its own, so the populations of the tests make no cycles with each other.
  const [a, b, c] = [nextMonthDay(first), nextMonthDay(first + 3), nextMonthDay(first + 6)];
  const amy = await signedIn(viewport, "Amy", `Three${tag}`);
  const ben = await signedIn(viewport, "Ben", `Three${tag}`);
  const cat = await signedIn(viewport, "Cat", `Three${tag}`);
  const mine = (await work(amy, a, "day")) as { id: number };
  await rest(amy, c);
  await rest(ben, a);
  await work(ben, b, "seeking_coverage");
  await rest(cat, b);
  await work(cat, c, "seeking_coverage", true);
  return { amy, mine };
}

describe("three-way swaps in the swap wizard", () => {
  for (const [name, viewport, first] of [
    ["1280", DESKTOP, 2],
    ["390", PHONE, 11],
  ] as const) {
    test(`the matches step lists the three-way swap and asks before proposing (${name} px)`, async () => {
      const tag = `${name}x${String(Date.now()).slice(-5)}`;
      const { amy, mine } = await threeWayPopulation(viewport, tag, first);
      await amy.goto("/swap-requests");
      await amy.getByRole("button", { name: "New swap request" }).click();
      const wizard = amy.getByRole("dialog", { name: "New Swap Request" });
      await wizard.getByText("Step 1 of 5: Select your shift").waitFor();
      await wizard.getByRole("radio").first().check();
      await wizard.getByRole("button", { name: "Next" }).click();
      await wizard.getByText("Step 2 of 5: Find a match").waitFor();

      const section = wizard.getByRole("region", { name: "Three-way swaps" });
      const item = section
        .getByRole("listitem")
        .filter({ hasText: `Ben Three${tag} takes your` })
        .filter({ hasText: `you take Cat Three${tag}'s` });
      await item.waitFor();
      expect(await item.textContent()).toMatch(
        new RegExp(
          `^Ben Three${tag} takes your \\w{3} \\d+ \\w{3} day · , you take Cat Three${tag}'s \\w{3} \\d+ \\w{3} night · , Cat Three${tag} takes Ben Three${tag}'s \\w{3} \\d+ \\w{3} day`,
        ),
      );
      await section.scrollIntoViewIfNeeded();
      await amy.screenshot({ path: path.join(shots, `three-way-wizard-${name}.png`) });
      expect(await axeViolations(amy)).toEqual([]);

      await item.getByRole("button", { name: "Propose" }).click();
      const confirm = amy.getByRole("alertdialog", { name: "Propose this three-way swap?" });
      await confirm.waitFor();
      await amy.screenshot({ path: path.join(shots, `three-way-confirm-${name}.png`) });
      expect(await axeViolations(amy)).toEqual([]);
      const posted = amy.waitForRequest((r) => r.url().endsWith("/api/three-way-swaps") && r.method() === "POST");
      await confirm.getByRole("button", { name: "Propose" }).click();
      const sent = (await posted).postDataJSON() as { shiftIds: number[] };
      expect(sent.shiftIds[0]).toBe(mine.id);
      expect(sent.shiftIds).toHaveLength(3);
    });
  }

  test("an open request's Swap Details show its requester the three-way swaps", async () => {
    const tag = `d${String(Date.now()).slice(-5)}`;
    const { amy, mine } = await threeWayPopulation(DESKTOP, tag, 20);
    const request = (await callApi(amy, "POST", "/api/swap-requests", {
      requesterShiftId: mine.id,
      status: "pending",
    })) as { id: number };
    await amy.goto(`/messages/${request.id}`);
    const details = amy.getByTestId("swap-details");
    const section = details.getByRole("region", { name: "Three-way swaps" });
    await section
      .getByRole("listitem")
      .filter({ hasText: `Ben Three${tag} takes your` })
      .waitFor();
    await section.scrollIntoViewIfNeeded();
    await amy.screenshot({ path: path.join(shots, "three-way-details-1280.png") });
    expect(await axeViolations(amy)).toEqual([]);
  });
});
