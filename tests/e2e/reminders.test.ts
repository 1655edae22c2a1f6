import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import {
  appSql,
  axeViolations,
  browserPerFile,
  callApi,
  DESKTOP,
  newUser,
  PHONE,
  registerViaApi,
  skipWelcome,
} from "./helpers";

const browser = browserPerFile();
const shots = process.env.SCREENSHOT_DIR;
beforeAll(() => {
  if (shots) mkdirSync(shots, { recursive: true });
});
const snap = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

// Far-off days at a hub no other browser test uses.
let nextDay = 90;
const BASE = "Stafford";

async function signUp(page: Page, firstName: string, lastName: string) {
  const { id } = await registerViaApi(page, newUser({ firstName, lastName, paramedicBase: BASE }));
  await skipWelcome(page, id);
  return id;
}

describe("a request its responder has not answered in 48 h", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`offers the requester to ask everyone who could cover, at ${viewport.width}px`, async () => {
      const requester = await browser.newPage(viewport);
      await signUp(requester, "Iris", `Ives${viewport.width}`);
      const responder = await browser.newPage(viewport);
      const responderId = await signUp(responder, "Jude", `Jarvis${viewport.width}`);
      const date = addDays(todayInLondon(), nextDay++);
      await callApi(responder, "POST", "/api/availability", { date, status: "available" });
      const shift = await callApi(requester, "POST", "/api/shifts", {
        date,
        shiftType: "day",
        startTime: "07:00",
        endTime: "19:00",
      });
      const { id } = await callApi(requester, "POST", "/api/swap-requests", {
        requesterShiftId: shift.id,
        responderId,
      });

      // Fresh: no offer yet.
      await requester.goto(`/messages?request=${id}`);
      const details = requester.getByTestId("swap-details");
      await details.locator("dl").getByText(`Jude Jarvis${viewport.width}`).waitFor();
      expect(await details.getByRole("button", { name: "Ask everyone who could cover" }).count()).toBe(0);

      // Asked 49 hours ago and still unanswered.
      await appSql("update swap_requests set addressed_at = addressed_at - interval '49 hours' where id = $1", [id]);
      const due = await callApi(requester, "GET", `/api/swap-requests/${id}`);
      expect(Date.parse(due.askEveryoneFrom)).toBeLessThan(Date.now());
      await requester.goto(`/messages?request=${id}`);
      const ask = requester.getByTestId("swap-details").getByRole("button", { name: "Ask everyone who could cover" });
      await ask.waitFor();
      await requester.getByText(`Jude Jarvis${viewport.width} hasn't answered your swap request`).waitFor();
      await snap(requester, `ask-everyone-${viewport.width}`);
      // Nothing on the screen is wider than the phone.
      expect(await requester.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
      expect(await axeViolations(requester)).toEqual([]);

      // The responder is not offered it.
      await responder.goto(`/messages?request=${id}`);
      await responder.getByTestId("swap-details").getByText("Reject request").waitFor();
      expect(await responder.getByRole("button", { name: "Ask everyone who could cover" }).count()).toBe(0);

      await ask.click();
      const dialog = requester.getByRole("alertdialog");
      await dialog.getByText(/^The request is no longer addressed to Jude Jarvis/).waitFor();
      await snap(requester, `ask-everyone-confirm-${viewport.width}`);
      expect(await axeViolations(requester)).toEqual([]);
      await dialog.getByRole("button", { name: "Ask everyone" }).click();

      const after = requester.getByTestId("swap-details");
      await after.locator("dl").getByText("Looking for match").waitFor();
      expect(await after.getByRole("button", { name: "Ask everyone who could cover" }).count()).toBe(0);
      await snap(requester, `ask-everyone-opened-${viewport.width}`);
      const answer = await callApi(requester, "GET", `/api/swap-requests/${id}`);
      expect(answer).toMatchObject({ responderId: null, status: "pending", askEveryoneFrom: null });
    });
  }
});
