import { format, parseISO } from "date-fns";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import {
  addDayShift,
  browserPerFile,
  callApi,
  DESKTOP,
  markOffDayAvailable,
  newUser,
  PHONE,
  registerViaApi,
  screenshot,
  skipWelcome,
  type Viewport,
} from "./helpers";

/** Conversations and requests as the two parties live with them, on a desktop and on a phone. */

const browser = browserPerFile();

async function clinician(firstName: string, viewport: Viewport = DESKTOP) {
  const page = await browser.newPage(viewport);
  const user = newUser({ firstName, lastName: `Crew${Date.now().toString(36).slice(-4)}`, paramedicBase: "Stoke" });
  const { id } = await registerViaApi(page, user);
  await skipWelcome(page, id);
  return { page, id, name: `${user.firstName} ${user.lastName}` };
}

type Person = Awaited<ReturnType<typeof clinician>>;

/** The requester's day shift, the responder's Available Off Day that date, and a request between them. */
async function request(from: Person, to: Person, daysAhead: number, extra: Record<string, unknown> = {}) {
  const date = addDays(todayInLondon(), daysAhead);
  await markOffDayAvailable(to.page, date);
  const shift = await addDayShift(from.page, date);
  const r = await callApi(from.page, "POST", "/api/swap-requests", {
    requesterShiftId: shift.id,
    responderId: to.id,
    ...extra,
  });
  return { id: r.id as number, date, shiftId: shift.id as number };
}

/** Notes every toast the page shows (one at a time, so a later one may replace an earlier one). */
async function recordToasts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenToasts: string[] }).seenToasts = seen;
    new MutationObserver(() => {
      for (const t of Array.from(document.querySelectorAll("[data-testid=toast]"))) {
        const text = t.textContent ?? "";
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}
const seenToasts = (page: Page) => page.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts);
describe("a conversation's actions", () => {
  test("undo decline keeps the responder in the conversation; delete toasts and returns to the list", async () => {
    const ava = await clinician("Ava");
    const ben = await clinician("Ben");
    const soon = await request(ava, ben, 6);
    const later = await request(ava, ben, 12);

    // Ben opens the later one from the list of his conversations: no 'connected' notice for that.
    const b = ben.page;
    await b.goto("/messages");
    await recordToasts(b);
    const rows = b.getByRole("list", { name: "Conversations" }).getByTestId("conversation-row");
    await expect.poll(() => rows.count()).toBe(2);
    // Soonest shift first.
    expect(await rows.nth(0).textContent()).toContain(format(parseISO(soon.date), "MMM d, yyyy"));
    await b.goto(`/messages?request=${later.id}`);
    const details = b.getByTestId("swap-details");
    await details.getByRole("button", { name: "Reject request" }).click();
    await details.getByRole("button", { name: "Undo Decline" }).click();
    // The page reloads into the same conversation, not the bare list.
    await b.waitForEvent("load");
    await b.getByTestId("swap-details").getByRole("button", { name: "Reject request" }).waitFor();
    expect(await b.getByTestId("conversation-heading").textContent()).toBe(ava.name);
    await screenshot(b, "conversation-panel-desktop", { fullPage: false });
    await recordToasts(b);
    await b.waitForTimeout(1500);
    expect((await seenToasts(b)).some((t) => t.includes("Connected to real-time chat"))).toBe(false);

    // Ava deletes the sooner one: the toast, and back to her list without an error pane.
    const a = ava.page;
    await a.goto(`/messages?request=${soon.id}`);
    await recordToasts(a);
    await a.getByTestId("swap-details").getByRole("button", { name: "Delete conversation" }).click();
    await a.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect.poll(async () => (await seenToasts(a)).some((t) => t.startsWith("Conversation deleted"))).toBe(true);
    await a.getByRole("heading", { name: "Your Conversations" }).waitFor();
    await expect.poll(() => a.getByTestId("conversation-row").count()).toBe(1);
    expect(await a.getByText("This conversation does not exist or is not yours.").count()).toBe(0);

    // A cancelled request moves under 'Past' on /messages and /swap-requests.
    await callApi(a, "PATCH", `/api/swap-requests/${later.id}`, { status: "cancelled" });
    await a.reload();
    await a.getByRole("heading", { name: "Past" }).waitFor();
    await a.getByRole("list", { name: "Past conversations" }).getByTestId("conversation-row").waitFor();
    await screenshot(a, "messages-past-desktop", { fullPage: false });
    await a.goto("/swap-requests");
    await a.getByTestId("swap-requests-card").getByRole("heading", { name: "Past" }).waitFor();
    await screenshot(a, "swap-requests-past-desktop", { fullPage: false });
  });
});

describe("a conversation on a phone", () => {
  test("the Deal Agreement is one tap from the top, toasts sit above the tab bar, offers read clearly", async () => {
    const ava = await clinician("Ava", PHONE);
    const ben = await clinician("Ben", PHONE);
    const nightDay = addDays(todayInLondon(), 15);
    const dayDay = addDays(todayInLondon(), 16);
    const night = await callApi(ben.page, "POST", "/api/shifts", {
      date: nightDay,
      shiftType: "seeking_coverage",
      startTime: "19:00",
      endTime: "07:00",
    });
    const day = await callApi(ben.page, "POST", "/api/shifts", {
      date: dayDay,
      shiftType: "seeking_coverage",
      startTime: "07:00",
      endTime: "19:00",
    });
    const r = await request(ava, ben, 9, { offerShiftIds: [night.id, day.id] });
    await callApi(ben.page, "POST", `/api/swap-requests/${r.id}/agree`, { acceptedOfferShiftId: night.id });
    for (let i = 0; i < 8; i += 1) {
      await callApi(ben.page, "POST", "/api/messages", { swapRequestId: r.id, content: `Message ${i + 1}` });
    }

    const a = ava.page;
    await a.goto(`/messages/${r.id}`);
    const bar = a.getByTestId("deal-bar");
    await bar.getByText("Ben: Agreed").waitFor();
    const barBox = await bar.boundingBox();
    expect(barBox && barBox.y + barBox.height <= PHONE.height).toBe(true);
    await screenshot(a, "conversation-phone", { fullPage: false });
    await bar.getByRole("button", { name: "Deal Agreement" }).click();
    const details = a.getByTestId("swap-details");
    const agree = details.getByRole("button", { name: "Agree", exact: true });
    await expect.poll(async () => (await agree.boundingBox())?.y ?? -1).toBeGreaterThan(0);
    expect(((await agree.boundingBox())?.y ?? PHONE.height) < PHONE.height).toBe(true);

    // 'Chosen' sits on the chosen (night) offer's own line; night offers are not in a red box.
    const offers = details.getByTestId("offer");
    expect(await offers.nth(0).textContent()).toContain("Chosen");
    expect(await offers.nth(1).textContent()).not.toContain("Chosen");
    await screenshot(a, "swap-details-phone", { fullPage: false });

    await agree.click();
    const toast = a.getByTestId("toast").first();
    await toast.waitFor();
    const toastBox = await toast.boundingBox();
    const tabBox = await a.getByTestId("tab-bar").boundingBox();
    expect(toastBox && tabBox && toastBox.y + toastBox.height <= tabBox.y + 1).toBe(true);
    await screenshot(a, "toast-phone", { fullPage: false });
  });

  test("the wizard marks a colleague already asked about that shift", async () => {
    const ava = await clinician("Ava", PHONE);
    const ben = await clinician("Ben", PHONE);
    await request(ava, ben, 11);
    const a = ava.page;
    await a.goto("/swap-requests");
    await a.getByRole("button", { name: "New swap request" }).click();
    const wizard = a.getByRole("dialog", { name: "New Swap Request" });
    await wizard.getByRole("radio").first().check();
    await wizard.getByRole("button", { name: "Next" }).click();
    const benChoice = wizard.getByRole("radio", { name: new RegExp(ben.name) });
    await wizard.getByText("Already asked about this shift").waitFor();
    expect(await benChoice.isDisabled()).toBe(true);
    await screenshot(a, "wizard-already-asked-phone", { fullPage: false });

    // Cat is free that day too, but changes grade while Ava writes: 'Error' with the server's reason.
    const cat = await clinician("Cat", PHONE);
    const date = addDays(todayInLondon(), 11);
    await callApi(cat.page, "POST", "/api/shifts", {
      date,
      shiftType: "rest_day",
      restDayShiftInterest: true,
    });
    await wizard.getByRole("button", { name: "Back" }).click();
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard.getByRole("radio", { name: new RegExp(cat.name) }).check();
    await wizard.getByText("Step 2 of 5: Find a match").waitFor();
    for (const step of ["Offer shifts in return", "Confirm your request", "Introductory message"]) {
      await wizard.getByRole("button", { name: "Next" }).click();
      await wizard.getByText(new RegExp(`of 5: ${step}`)).waitFor();
    }
    await callApi(cat.page, "PATCH", "/api/profile", { clinicalGrade: "technician" });
    await recordToasts(a);
    await wizard.getByRole("button", { name: "Send request" }).click();
    await expect
      .poll(async () => (await seenToasts(a)).some((t) => /^Error\s*Failed to create swap request: /.test(t)))
      .toBe(true);

    // Back to her grade, the request goes out with its introductory message.
    await callApi(cat.page, "PATCH", "/api/profile", { clinicalGrade: "paramedic" });
    await wizard.getByRole("button", { name: "Send request" }).click();
    await expect
      .poll(async () =>
        (await seenToasts(a)).some((t) => t.startsWith("Swap request created") && t.includes("Message sent")),
      )
      .toBe(true);
  });
});

describe("a chat message that fails to send", () => {
  test("is only logged, never toasted, and stays in the box to send again", async () => {
    const ava = await clinician("Ava");
    const ben = await clinician("Ben");
    const r = await request(ava, ben, 7);
    const a = ava.page;
    const logged: string[] = [];
    a.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") logged.push(m.text());
    });
    await a.route("**/api/messages", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({ message: "Database unavailable" }),
          })
        : route.continue(),
    );
    await a.goto(`/messages/${r.id}`);
    await a.getByTestId("conversation-heading").waitFor();
    await recordToasts(a);

    const box = a.getByRole("textbox", { name: "Message" });
    const send = a.getByRole("button", { name: "Send message" });
    await box.fill("Could you do the 7th?");
    await send.click();
    // The browser logs its own 'Failed to load resource' for the 500: the app's own line is the one that counts.
    await expect.poll(() => logged.some((t) => t.startsWith("Failed to send message"))).toBe(true);
    // Once the send has settled, the text is still in the box and the button offers to send it again.
    await expect
      .poll(async () => ({ text: await box.inputValue(), canSend: await send.isEnabled() }))
      .toEqual({ text: "Could you do the 7th?", canSend: true });
    expect(await a.getByTestId("chat-message").count()).toBe(0);

    // With the server back, one press sends the kept text; a toast from the failure would have been noted by now.
    await a.unroute("**/api/messages");
    await send.click();
    await a.getByTestId("chat-message").getByText("Could you do the 7th?").waitFor();
    await expect.poll(() => box.inputValue()).toBe("");
    expect(await seenToasts(a)).toEqual([]);
  });
});

describe("the real-time connection notice", () => {
  test("is shown when the connection drops and when it comes back, never on opening a conversation", async () => {
    const ava = await clinician("Ava");
    const ben = await clinician("Ben");
    const r = await request(ava, ben, 8);
    const a = ava.page;
    // The socket goes to the real server; the test keeps a hand on it to cut it once.
    let cut: (() => Promise<void>) | undefined;
    await a.routeWebSocket("**/ws", (ws) => {
      ws.connectToServer();
      cut = () => ws.close({ code: 1012, reason: "Service restart" });
    });
    await a.goto(`/messages/${r.id}`);
    await recordToasts(a);
    await a.getByTestId("conversation-heading").waitFor();
    await expect.poll(() => cut !== undefined).toBe(true);
    await a.waitForTimeout(1000);
    expect(await seenToasts(a)).toEqual([]);

    await cut?.();
    await expect
      .poll(async () => (await seenToasts(a)).some((t) => t.includes("Could not connect to chat server")))
      .toBe(true);
    await expect
      .poll(async () => (await seenToasts(a)).some((t) => t.includes("Connected to real-time chat")), {
        timeout: 20_000,
      })
      .toBe(true);
  });
});

describe("the wizard's failures", () => {
  test("a shift gone before matching says 'Error finding matches' in SPEC §8's words", async () => {
    const dee = await clinician("Dee");
    const shift = await callApi(dee.page, "POST", "/api/shifts", {
      date: addDays(todayInLondon(), 13),
      shiftType: "night",
      startTime: "19:00",
      endTime: "07:00",
    });
    const d = dee.page;
    await d.goto("/swap-requests");
    await d.getByRole("button", { name: "New swap request" }).click();
    const wizard = d.getByRole("dialog", { name: "New Swap Request" });
    await wizard.getByRole("radio").first().check();
    await callApi(d, "DELETE", `/api/shifts/${shift.id}`);
    await recordToasts(d);
    await wizard.getByRole("button", { name: "Next" }).click();
    await expect
      .poll(async () =>
        (await seenToasts(d)).some(
          (t) =>
            t.startsWith("Error finding matches") &&
            t.includes("There was a problem finding potential matches for your shift."),
        ),
      )
      .toBe(true);
  });
});
