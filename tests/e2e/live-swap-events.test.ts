import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  addDayShift,
  browserPerFile,
  calendarDayName,
  callApi,
  DESKTOP,
  MONTHS,
  newUser,
  nextMonthDay,
  PHONE,
  registerViaApi,
  screenshot,
  skipWelcome,
  type Viewport,
} from "./helpers";

/** Two clinicians in two browser contexts, each seeing the other's changes without reloading. */

const browser = browserPerFile();

async function clinician(firstName: string, lastName: string, viewport: Viewport = DESKTOP) {
  const page = await browser.newPage(viewport);
  const { id } = await registerViaApi(page, newUser({ firstName, lastName }));
  await skipWelcome(page, id);
  return { page, id };
}

type Person = Awaited<ReturnType<typeof clinician>>;

/** The requester's day shift on `date`, the responder's Available Off Day then, and a request. */
async function swapRequest(requester: Person, responder: Person, date: string) {
  const offDay = await callApi(responder.page, "POST", "/api/shifts", {
    date,
    shiftType: "rest_day",
    restDayShiftInterest: true,
  });
  const shift = await addDayShift(requester.page, date);
  const request = await callApi(requester.page, "POST", "/api/swap-requests", {
    requesterShiftId: shift.id,
    responderId: responder.id,
  });
  return { id: request.id as number, offDayId: offDay.id as number };
}

const thread = (page: Page) => page.getByRole("log", { name: "Messages" });
describe("live updates between two clinicians", () => {
  test("the sender's ticks turn to 'Read' as soon as the other party opens the conversation", async () => {
    const ava = await clinician("Ava", "Reed");
    const ben = await clinician("Ben", "Shaw", PHONE);
    const { id } = await swapRequest(ava, ben, nextMonthDay(9));
    await callApi(ava.page, "POST", "/api/messages", { swapRequestId: id, content: "Are you free that day?" });

    await ava.page.goto(`/messages?request=${id}`);
    const mine = thread(ava.page).getByTestId("chat-message").filter({ hasText: "Are you free that day?" });
    await mine.getByTestId("sent-tick").waitFor();
    // A flag on this document: a reload would lose it.
    await ava.page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    await ben.page.goto(`/messages?request=${id}`);
    await thread(ben.page).getByText("Are you free that day?").waitFor();
    // Well inside the 30 s poll: the MESSAGES_READ event, not a refetch on a timer.
    await mine.getByTestId("read-tick").waitFor({ timeout: 5000 });
    expect(await mine.getByTestId("sent-tick").count()).toBe(0);
    expect(await ava.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await screenshot(ava.page, "read-1280", { fullPage: false });
    await screenshot(ben.page, "read-390", { fullPage: false });
  });

  test("the responder is asked before their off day goes; confirmed, the requester sees the note live", async () => {
    const ava = await clinician("Ava", "Stone");
    const ben = await clinician("Ben", "Hale");
    const date = nextMonthDay(16);
    const { id } = await swapRequest(ava, ben, date);
    await callApi(ava.page, "POST", `/api/swap-requests/${id}/agree`);
    await ava.page.goto(`/messages?request=${id}`);
    await ava.page.getByTestId("swap-details").waitFor();

    const b = ben.page;
    await b.goto("/calendar");
    await b.getByRole("button", { name: "Next month" }).click();
    const chip = b.getByRole("button", { name: `Available Off Day, ${calendarDayName(date)}`, exact: true });
    await chip.click();
    const details = b.getByRole("dialog", { name: "Shift Details" });
    await details.getByRole("button", { name: "Delete" }).click();
    await details.getByRole("button", { name: "Yes, delete" }).click();
    const question = details.getByRole("alertdialog", { name: "Swap request" });
    await question
      .getByText(
        "This day belongs to a swap request with Ava Stone. Changing it clears both agreements and tells them.",
      )
      .waitFor();
    await screenshot(b, "off-day-ask-1280", { fullPage: false });
    await b.setViewportSize(PHONE);
    await screenshot(b, "off-day-ask-390", { fullPage: false });
    await b.setViewportSize(DESKTOP);

    // 'Keep it' leaves everything as it was.
    await question.getByRole("button", { name: "Keep it" }).click();
    await question.waitFor({ state: "detached" });
    expect((await callApi(ava.page, "GET", `/api/swap-requests/${id}`)).status).toBe("accepted");

    // My Availability's 'Withdraw' asks the same question.
    await details.getByRole("button", { name: "Close" }).first().click();
    await details.waitFor({ state: "detached" });
    const [, month, day] = date.split("-").map(Number);
    const monthName = MONTHS[month - 1];
    const panel = b.getByTestId("my-availability");
    await panel.getByRole("button", { name: `Withdraw ${day} ${monthName} from swaps` }).click();
    const panelQuestion = panel.getByRole("alertdialog", { name: "Swap request" });
    await panelQuestion.getByText(/^This day belongs to a swap request with Ava Stone\./).waitFor();
    await panelQuestion.scrollIntoViewIfNeeded();
    await screenshot(b, "withdraw-ask-1280", { fullPage: false });
    await panelQuestion.getByRole("button", { name: "Keep it" }).click();
    await panelQuestion.waitFor({ state: "detached" });
    await chip.click();
    await details.waitFor();

    await details.getByRole("button", { name: "Delete" }).click();
    await details.getByRole("button", { name: "Yes, delete" }).click();
    await question.getByRole("button", { name: "Delete anyway" }).click();
    await details.waitFor({ state: "detached" });
    await expect.poll(() => chip.count()).toBe(0);

    await thread(ava.page)
      .getByText(/^The responder's Available Off Day on .+ was changed, so both agreements were cleared/)
      .waitFor({ timeout: 5000 });
    const request = await callApi(ava.page, "GET", `/api/swap-requests/${id}`);
    expect(request).toMatchObject({ status: "pending", requesterAgreed: false, responderAgreed: false });
    await screenshot(ava.page, "off-day-note-1280", { fullPage: false });
  });
});
