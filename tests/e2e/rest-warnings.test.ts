import { describe, expect, test } from "vitest";
import {
  addDayShift,
  axeViolations,
  browserPerFile,
  calendarDayName,
  callApi,
  DESKTOP,
  markOffDayAvailable,
  newUser,
  nextMonthDay,
  PHONE,
  registerViaApi,
  skipWelcome,
  type Viewport,
} from "./helpers";

/** Swap Details shows what a swap does to each party's rest, and agreeing over your own asks once more. */

const browser = browserPerFile();

async function clinician(firstName: string, lastName: string, viewport: Viewport) {
  const page = await browser.newPage(viewport);
  const { id } = await registerViaApi(page, newUser({ firstName, lastName }));
  await skipWelcome(page, id);
  return { page, id };
}

describe("rest warnings on a swap", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`the responder sees the warning and agrees with 'I understand and still agree' at ${viewport.width}px`, async () => {
      const ava = await clinician("Ava", "Lane", DESKTOP);
      const ben = await clinician("Ben", "Hart", viewport);
      const day = nextMonthDay(12);
      const dayBefore = nextMonthDay(11);
      // Ben's night ends at 07:00 on the day Ava's day shift starts at 07:00: no rest at all for him.
      await callApi(ben.page, "POST", "/api/shifts", {
        date: dayBefore,
        shiftType: "night",
        startTime: "19:00",
        endTime: "07:00",
      });
      await markOffDayAvailable(ben.page, day);
      const shift = await addDayShift(ava.page, day);
      const request = await callApi(ava.page, "POST", "/api/swap-requests", {
        requesterShiftId: shift.id,
        responderId: ben.id,
      });

      await ava.page.goto(`/messages/${request.id}`);
      const avaDeal = ava.page.locator(`#deal-${request.id}`);
      await avaDeal.getByText("This swap breaks Ben's rest").waitFor();
      await avaDeal
        .getByText(/^No rest between their night shift ending .* 7:00 AM and the day shift starting 7:00 AM$/)
        .waitFor();
      expect(await avaDeal.getByText("This swap breaks your rest").count()).toBe(0);

      await ben.page.goto(`/messages/${request.id}`);
      const deal = ben.page.locator(`#deal-${request.id}`);
      await deal.getByText("This swap breaks your rest").waitFor();
      await deal
        .getByText(/^No rest between your night shift ending .* 7:00 AM and the day shift starting 7:00 AM$/)
        .waitFor();
      expect(await deal.getByRole("button", { name: "Agree", exact: true }).count()).toBe(0);
      expect(await axeViolations(ben.page)).toEqual([]);
      await ben.page.screenshot({ path: `/tmp/crewswap-rest-warning-${viewport.width}.png` });

      await deal.getByRole("button", { name: "I understand and still agree" }).click();
      await ben.page.getByText("Deal agreed").first().waitFor();
      const after = await callApi(ben.page, "GET", `/api/swap-requests/${request.id}`);
      expect(after.responderAgreed).toBe(true);
      expect(after.status).toBe("accepted");
    });
  }
});

const shots = process.env.CREWSWAP_SHOTS;

describe("rest warnings from the wizard to the calendar", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`at ${viewport.width}px the wizard marks the tiring match and offer, both acknowledge, and the calendar marks the result`, async () => {
      const tag = `${viewport.width}${Date.now().toString(36).slice(-4)}`.replace(
        /\d/g,
        (d) => "abcdefghij"[Number(d)],
      );
      const ava = await clinician("Ava", `Wizard${tag}`, viewport);
      const ben = await clinician("Ben", `Tired${tag}`, viewport);
      const cara = await clinician("Cara", `Rested${tag}`, DESKTOP);
      const day = nextMonthDay(viewport === PHONE ? 8 : 15);
      const returnDay = nextMonthDay(viewport === PHONE ? 10 : 17);
      const nightBefore = (d: string) => ({ date: d, shiftType: "night", startTime: "19:00", endTime: "07:00" });
      const dayBefore = nextMonthDay(Number(day.slice(8)) - 1);
      const eveOfReturn = nextMonthDay(Number(returnDay.slice(8)) - 1);
      // Ava's day shift starts as Ben's night ends; covering Ben's return shift starts as Ava's night ends.
      await addDayShift(ava.page, day);
      await callApi(ava.page, "POST", "/api/shifts", nightBefore(eveOfReturn));
      await callApi(ben.page, "POST", "/api/shifts", nightBefore(dayBefore));
      await markOffDayAvailable(ben.page, day);
      await callApi(ben.page, "POST", "/api/shifts", {
        date: returnDay,
        shiftType: "seeking_coverage",
        startTime: "07:00",
        endTime: "19:00",
      });
      await markOffDayAvailable(cara.page, day);

      const a = ava.page;
      await a.goto("/swap-requests");
      await a.getByRole("button", { name: "New swap request" }).click();
      const wizard = a.getByRole("dialog", { name: "New Swap Request" });
      await wizard.getByRole("radio", { name: /Day Shift/ }).check();
      await wizard.getByRole("button", { name: "Next" }).click();
      const matches = wizard.getByTestId("match-list");
      const benMatch = matches.locator("label").filter({ hasText: `Ben Tired${tag}` });
      await benMatch.getByText("Breaks Ben's rest").waitFor();
      // About Ben, so it reads 'their night shift' to Ava.
      await benMatch
        .getByText(/^No rest between their night shift ending .* 7:00 AM and the day shift starting 7:00 AM$/)
        .waitFor();
      const caraMatch = matches.locator("label").filter({ hasText: `Cara Rested${tag}` });
      expect(await caraMatch.getByText(/rest/).count()).toBe(0);
      // Colleagues whose rest it keeps come first.
      const names = await matches.locator("label bdi.font-semibold").allTextContents();
      expect(names.indexOf(`Cara Rested${tag}`)).toBeLessThan(names.indexOf(`Ben Tired${tag}`));
      if (shots) await a.screenshot({ path: `${shots}/wizard-matches-${viewport.width}.png` });

      await benMatch.getByRole("radio").check();
      await wizard.getByRole("button", { name: "Next" }).click();
      const offer = wizard.locator("label").filter({ has: a.getByRole("checkbox") });
      await offer.getByText("Covering it breaks your rest").waitFor();
      await offer.getByRole("checkbox").check();
      await wizard.getByRole("button", { name: "Next" }).click();
      await wizard.getByText("This swap breaks Ben's rest").waitFor();
      await wizard.getByText(/^No rest between their night shift ending/).waitFor();
      await wizard.getByText(/^No rest between your night shift ending/).waitFor();
      await wizard.getByText("Covering this shift breaks your rest").waitFor();
      expect(await axeViolations(a)).toEqual([]);
      if (shots) await a.screenshot({ path: `${shots}/wizard-confirm-${viewport.width}.png` });
      await wizard.getByRole("button", { name: "Next" }).click();
      await wizard.getByRole("button", { name: "Send request" }).click();
      await a.waitForURL((url) => url.pathname === "/messages");
      const requestId = Number(new URL(a.url()).searchParams.get("request"));

      // Ben picks Ava's cover in return and acknowledges what the shift does to his rest.
      const b = ben.page;
      await b.goto(`/messages?request=${requestId}`);
      if (viewport === PHONE)
        await b.getByTestId("deal-bar-rest").getByText("Breaks your rest: read before agreeing").waitFor();
      const benDeal = b.locator(`#deal-${requestId}`);
      await benDeal.getByRole("radio", { name: /Day Shift/ }).check();
      await benDeal.getByRole("button", { name: "I understand and still agree" }).click();
      await benDeal.getByRole("button", { name: "Undo" }).waitFor();

      // Ava must acknowledge her own side before the swap completes.
      await a.goto(`/messages?request=${requestId}`);
      const avaDeal = a.locator(`#deal-${requestId}`);
      await avaDeal.getByText("This swap breaks your rest").waitFor();
      expect(await avaDeal.getByRole("button", { name: "Agree", exact: true }).count()).toBe(0);
      await avaDeal.getByRole("button", { name: "I understand and still agree" }).click();
      await a.getByTestId("swap-details").getByText("Deal completed!").waitFor();

      // Ava's calendar now marks the night and the day after it, and Shift Details says why.
      await a.goto("/calendar");
      await a.getByRole("button", { name: "Next month" }).click();
      const covered = a.getByRole("button", {
        name: `Day Shift, 7:00 AM – 7:00 PM, ${calendarDayName(returnDay)}, rest warning`,
        exact: true,
      });
      await covered.waitFor();
      await a
        .getByRole("button", {
          name: `Night Shift, 7:00 PM – 7:00 AM, ${calendarDayName(eveOfReturn)}, rest warning`,
          exact: true,
        })
        .waitFor();
      expect(await a.locator(`[data-day="${day}"] [data-rest-warning]`).count()).toBe(0);
      if (shots) await a.screenshot({ path: `${shots}/calendar-rest-mark-${viewport.width}.png` });
      await covered.click();
      const details = a.getByRole("dialog", { name: "Shift Details" });
      await details.getByText("Your roster leaves you short of rest here").waitFor();
      await details
        .getByText(/^No rest between your night shift ending .* 7:00 AM and the day shift starting 7:00 AM$/)
        .waitFor();
      expect(await axeViolations(a)).toEqual([]);
    });
  }
});
