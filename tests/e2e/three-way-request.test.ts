import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import {
  addDayShift,
  axeViolations,
  browserPerFile,
  callApi,
  DESKTOP,
  markOffDayAvailable,
  PHONE,
  screenshot,
  seekingCoverOn,
  signedInParamedic,
  type Viewport,
} from "./helpers";

const browser = browserPerFile();

const signedIn = (viewport: Viewport, firstName: string, lastName: string) =>
  signedInParamedic(browser, viewport, { firstName, lastName, paramedicBase: "Hereford" });

/**
 * Amy's day on a; Ben free on a and needing b covered; Cat free on b and needing c covered, on Amy's
 * off day: only the three together can swap. Amy proposes it; answers the request.
 */
async function proposed(tag: string, first: number, viewport: Viewport) {
  // Days far beyond those of every other browser test, so no other file's colleagues make cycles with these.
  const [a, b, c] = [first, first + 3, first + 6].map((n) => addDays(todayInLondon(), n));
  const amy = await signedIn(viewport, "Amy", `Trio${tag}`);
  const ben = await signedIn(viewport, "Ben", `Trio${tag}`);
  const cat = await signedIn(viewport, "Cat", `Trio${tag}`);
  const mine = await addDayShift(amy, a);
  await markOffDayAvailable(amy, c);
  await markOffDayAvailable(ben, a);
  const bens = await seekingCoverOn(ben, b);
  await markOffDayAvailable(cat, b);
  const cats = await seekingCoverOn(cat, c);
  const request = await callApi(amy, "POST", "/api/three-way-swaps", { shiftIds: [mine.id, bens.id, cats.id] });
  return { amy, ben, cat, id: request.id as number };
}

const details = (page: Page) => page.getByTestId("swap-details");
const party = (page: Page, name: RegExp | string) =>
  details(page).getByTestId("three-way-party").filter({ hasText: name });

describe("a three-way request in the conversation", () => {
  test("each of the three sees the others, chats, and agrees; the last Agree completes it (1280 and 390 px)", async () => {
    const tag = String(Date.now()).slice(-6);
    const { amy, ben, cat, id } = await proposed(tag, 200, DESKTOP);
    await ben.setViewportSize(PHONE);

    // The conversations list names both others.
    await ben.goto("/messages");
    await ben
      .getByTestId("conversation-row")
      .filter({ hasText: `Amy Trio${tag} & Cat Trio${tag}` })
      .waitFor();
    await ben.goto(`/messages/${id}`);
    await ben.getByTestId("conversation-heading").getByText(`Amy Trio${tag} & Cat Trio${tag}`).waitFor();
    await ben.getByText(/^Three-way swap · /).waitFor();
    await expect.poll(() => details(ben).getByTestId("three-way-party").count()).toBe(3);
    expect(await party(ben, /^You/).textContent()).toMatch(
      new RegExp(`^YouWorks Amy Trio${tag}'s .+ Day ShiftRest day on`),
    );

    await callApi(cat, "POST", "/api/messages", { swapRequestId: id, content: "Works for me" });
    const fromCat = ben.getByTestId("chat-message").filter({ hasText: "Works for me" });
    await fromCat.waitFor();
    expect(await fromCat.getByTestId("chat-sender").textContent()).toBe(`Cat Trio${tag}`);
    await screenshot(ben, "three-way-conversation-390");
    expect(await axeViolations(ben)).toEqual([]);

    await callApi(cat, "POST", `/api/swap-requests/${id}/agree`, {});
    await party(ben, `Cat Trio${tag}`).getByText("Agreed").waitFor();
    await party(ben, /^You/).getByRole("button", { name: "Agree" }).click();
    await party(ben, /^You/).getByText("Agreed").waitFor();

    await amy.goto(`/messages/${id}`);
    await amy.getByTestId("conversation-heading").getByText(`Ben Trio${tag} & Cat Trio${tag}`).waitFor();
    await screenshot(amy, "three-way-conversation-1280");
    expect(await axeViolations(amy)).toEqual([]);
    await party(amy, /^You/).getByRole("button", { name: "Agree" }).click();
    await details(amy).getByText("Deal completed!").waitFor();
    const grs = details(amy).getByRole("region", { name: "Submit this swap on GRS" });
    expect(await grs.textContent()).toContain(`you work Cat Trio${tag}'s`);
    expect(await grs.textContent()).toContain(`and Ben Trio${tag} works your`);
    await screenshot(amy, "three-way-completed-1280");
    expect(await axeViolations(amy)).toEqual([]);
    expect((await callApi(cat, "GET", `/api/swap-requests/${id}`)).status).toBe("completed");
  });

  test("any one of the three declines, after a confirmation, and it ends for all (390 px)", async () => {
    const tag = String(Date.now()).slice(-6);
    const { amy, cat, id } = await proposed(tag, 220, PHONE);
    await cat.goto(`/messages/${id}`);
    await details(cat).getByRole("button", { name: "Decline" }).click();
    const ask = cat.getByRole("alertdialog", { name: "Decline this three-way swap?" });
    await ask.waitFor();
    await screenshot(cat, "three-way-decline-390");
    await ask.getByRole("button", { name: "Decline" }).click();
    await expect.poll(async () => (await callApi(amy, "GET", `/api/swap-requests/${id}`)).status).toBe("declined");
    await cat
      .getByTestId("chat-message")
      .getByText(/declined this three-way swap/)
      .waitFor();
    await expect.poll(() => details(cat).getByRole("button", { name: "Decline" }).count()).toBe(0);
  });
});
