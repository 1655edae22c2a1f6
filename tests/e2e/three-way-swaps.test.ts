import { describe, expect, test } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import {
  axeViolations,
  browserPerFile,
  callApi,
  DESKTOP,
  newUser,
  PHONE,
  registerViaApi,
  skipWelcome,
  type Viewport,
} from "./helpers";

const browser = browserPerFile();

async function signedIn(firstName: string, viewport: Viewport) {
  const page = await browser.newPage(viewport);
  const { id } = await registerViaApi(page, newUser({ firstName, lastName: "Three" }));
  await skipWelcome(page, id);
  return { page, id };
}

describe("a three-way swap in Swap Details", () => {
  test("the three see the parties, agree each on their own side, and the last Agree completes it", async () => {
    const amy = await signedIn("Amy", DESKTOP);
    const ben = await signedIn("Ben", DESKTOP);
    const cat = await signedIn("Cat", PHONE);
    const d = addDays(todayInLondon(), 40);
    const timed = { startTime: "07:00", endTime: "19:00" };
    const off = { shiftType: "rest_day", restDayShiftInterest: true };
    const a = await callApi(amy.page, "POST", "/api/shifts", { date: d, shiftType: "day", ...timed });
    await callApi(amy.page, "POST", "/api/shifts", { date: addDays(d, 6), ...off });
    await callApi(ben.page, "POST", "/api/shifts", { date: d, ...off });
    const b = await callApi(ben.page, "POST", "/api/shifts", {
      date: addDays(d, 3),
      shiftType: "seeking_coverage",
      ...timed,
    });
    await callApi(cat.page, "POST", "/api/shifts", { date: addDays(d, 3), ...off });
    const c = await callApi(cat.page, "POST", "/api/shifts", {
      date: addDays(d, 6),
      shiftType: "seeking_coverage",
      ...timed,
    });
    const request = await callApi(amy.page, "POST", "/api/three-way-swaps", { shiftIds: [a.id, b.id, c.id] });

    for (const [who, shot] of [
      [ben, "three-way-1280"],
      [cat, "three-way-390"],
    ] as const) {
      await who.page.goto(`/messages/${request.id}`);
      const details = who.page.getByTestId("swap-details");
      await details.getByRole("heading", { name: "Three-way swap" }).waitFor();
      await details.getByText("Amy Three", { exact: true }).waitFor();
      await who.page.screenshot({ path: `/tmp/${shot}.png`, fullPage: true });
      expect(await axeViolations(who.page)).toEqual([]);
    }
    // The three-party chat names each message's sender.
    await callApi(cat.page, "POST", "/api/messages", { swapRequestId: request.id, content: "Fine by me" });
    const fromCat = ben.page.getByTestId("chat-message").filter({ hasText: "Fine by me" });
    await fromCat.getByText("Cat Three", { exact: true }).waitFor();
    for (const who of [ben, cat, amy]) {
      if (who === amy) await amy.page.goto(`/messages/${request.id}`);
      const details = who.page.getByTestId("swap-details");
      await details.getByRole("button", { name: "Agree", exact: true }).click();
      await details
        .getByRole("button", { name: "Withdraw agreement" })
        .or(details.getByText("Submit this swap on GRS"))
        .first()
        .waitFor();
    }
    await amy.page.getByTestId("swap-details").getByText("Submit this swap on GRS").waitFor();
    await amy.page.screenshot({ path: "/tmp/three-way-completed-1280.png", fullPage: true });
    const done = await callApi(cat.page, "GET", `/api/swap-requests/${request.id}`);
    expect(done.status).toBe("completed");
  }, 120_000);
});
