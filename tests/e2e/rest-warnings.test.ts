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
      await callApi(ben.page, "POST", "/api/shifts", { date: day, shiftType: "rest_day", restDayShiftInterest: true });
      const shift = await callApi(ava.page, "POST", "/api/shifts", {
        date: day,
        shiftType: "day",
        startTime: "07:00",
        endTime: "19:00",
      });
      const request = await callApi(ava.page, "POST", "/api/swap-requests", {
        requesterShiftId: shift.id,
        responderId: ben.id,
      });

      await ava.page.goto(`/messages/${request.id}`);
      const avaDeal = ava.page.locator(`#deal-${request.id}`);
      await avaDeal.getByText("This swap breaks Ben's rest").waitFor();
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
