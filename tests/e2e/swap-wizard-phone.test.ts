import type { Locator } from "playwright-core";
import { describe, expect, test } from "vitest";
import { browserPerFile, callApi, newUser, nextMonthDay, PHONE, registerViaApi, skipWelcome } from "./helpers";

const browser = browserPerFile();

async function signedIn(firstName: string, lastName: string) {
  const page = await browser.newPage(PHONE);
  const { id } = await registerViaApi(page, newUser({ firstName, lastName, paramedicBase: "Stafford" }));
  await skipWelcome(page, id);
  return page;
}

/** The wizard's shift choices a phone shows whole without scrolling: on the screen, not cut by any scroll box. */
async function wholeChoices(wizard: Locator): Promise<number> {
  return wizard.evaluate((dialog) => {
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) return false;
      for (let up = el.parentElement; up && up !== dialog.parentElement; up = up.parentElement) {
        const clip = up.getBoundingClientRect();
        if (getComputedStyle(up).overflowY !== "visible" && (box.top < clip.top || box.bottom > clip.bottom))
          return false;
      }
      return true;
    };
    return Array.from(dialog.querySelectorAll("label:has(input[type=radio])")).filter(shown).length;
  });
}

describe("the swap wizard on a phone", () => {
  test("the shift list uses the screen, and every step keeps its number on every path", async () => {
    const tag = String(Date.now()).slice(-6);
    const ava = await signedIn("Ava", `Wizard${tag}`);
    for (let day = 1; day <= 14; day += 1) {
      const night = day % 2 === 0;
      await callApi(ava, "POST", "/api/shifts", {
        date: nextMonthDay(day),
        shiftType: night ? "night" : "day",
        startTime: night ? "19:00" : "07:00",
        endTime: night ? "07:00" : "19:00",
      });
    }
    const ben = await signedIn("Ben", `Wizard${tag}`);
    await callApi(ben, "POST", "/api/shifts", {
      date: nextMonthDay(1),
      shiftType: "rest_day",
      restDayShiftInterest: true,
    });

    await ava.goto("/swap-requests");
    await ava.getByRole("button", { name: "New swap request" }).click();
    const wizard = ava.getByRole("dialog", { name: "New Swap Request" });
    await wizard.getByText("Step 1 of 5: Select your shift").waitFor();
    await expect.poll(() => wizard.getByRole("radio").count()).toBe(14);
    // A 320px box inside the dialog showed about three of them.
    expect(await wholeChoices(wizard)).toBeGreaterThanOrEqual(5);

    // Asking everyone passes over the offers, and no number changes on the way.
    await wizard.getByRole("radio").first().check();
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard.getByText("Step 2 of 5: Find a match").waitFor();
    await wizard.getByRole("radio", { name: /Looking for match/ }).check();
    await wizard.getByText("Step 2 of 5: Find a match").waitFor();
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard.getByText("Step 4 of 5: Confirm your request").waitFor();
    await wizard.getByRole("button", { name: "Back" }).click();

    // Asking Ben goes through every step.
    await wizard.getByRole("radio", { name: new RegExp(`Ben Wizard${tag}`) }).check();
    await wizard.getByText("Step 2 of 5: Find a match").waitFor();
    for (const step of [
      "3 of 5: Offer shifts in return",
      "4 of 5: Confirm your request",
      "5 of 5: Introductory message",
    ]) {
      await wizard.getByRole("button", { name: "Next" }).click();
      await wizard.getByText(`Step ${step}`).waitFor();
    }
  });
});
