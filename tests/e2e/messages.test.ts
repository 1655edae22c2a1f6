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
  newUser,
  PHONE,
  registerViaApi,
  skipWelcome,
} from "./helpers";

const browser = browserPerFile();

async function signedIn(firstName: string, lastName: string, viewport = DESKTOP) {
  const page = await browser.newPage(viewport);
  const { id } = await registerViaApi(page, newUser({ firstName, lastName }));
  await skipWelcome(page, id);
  return { page, id };
}

/**
 * A day shift of the requester some days ahead, the responder's Available Off Day on that date,
 * and a swap request between them.
 */
async function swapRequest(requester: Page, responder: { page: Page; id: number }, daysAhead = 10): Promise<number> {
  const date = addDays(todayInLondon(), daysAhead);
  await markOffDayAvailable(responder.page, date);
  const shift = await addDayShift(requester, date);
  const request = await callApi(requester, "POST", "/api/swap-requests", {
    requesterShiftId: shift.id,
    responderId: responder.id,
    status: "pending",
  });
  return request.id;
}

const headerBadge = (page: Page) => page.getByTestId("app-header").getByTestId("unread-badge");
const thread = (page: Page) => page.getByRole("log", { name: "Messages" });

describe("chat between two clinicians", () => {
  test("a message appears on the other side without reload, the Inbox badge counts and clears, and a cancellation closes the chat", async () => {
    const alice = await signedIn("Alice", "Archer");
    const bob = await signedIn("Bob", "Baker");
    const requestId = await swapRequest(alice.page, bob);

    await bob.page.goto("/dashboard");
    await bob.page.getByTestId("app-header").waitFor();
    expect(await headerBadge(bob.page).count()).toBe(0);

    await alice.page.goto(`/messages/${requestId}`);
    await alice.page.getByRole("heading", { name: "Bob Baker" }).waitFor();
    await alice.page.getByText("Send a message to start the conversation").waitFor();
    const aliceBox = alice.page.getByPlaceholder("Type a message...");
    await aliceBox.fill("Can you cover my day shift?");
    await aliceBox.press("Enter");
    await thread(alice.page).getByText("Can you cover my day shift?").waitFor();
    expect(await aliceBox.inputValue()).toBe("");

    // Live, not the 30 s poll.
    await headerBadge(bob.page)
      .filter({ hasText: /^1 unread$/ })
      .waitFor({ timeout: 10_000 });

    await bob.page.getByTestId("app-header").getByRole("link", { name: /Inbox/ }).click();
    await bob.page.getByRole("heading", { name: "Your Conversations" }).waitFor();
    const row = bob.page.getByTestId("conversation-row").filter({ hasText: "Alice Archer" });
    expect(await row.getAttribute("data-unread")).toBe("true");
    await row.getByText("Alice Archer requesting swap").waitFor();
    await row.click();
    await thread(bob.page).getByText("Can you cover my day shift?").waitFor();
    await headerBadge(bob.page).waitFor({ state: "detached", timeout: 10_000 });

    const bobBox = bob.page.getByPlaceholder("Type a message...");
    await bobBox.fill("Line one");
    await bobBox.press("Shift+Enter");
    await bobBox.pressSequentially("Line two");
    expect(await bobBox.inputValue()).toBe("Line one\nLine two");
    await bobBox.press("Enter");

    const reply = thread(alice.page).getByTestId("chat-message").filter({ hasText: "Line one" });
    await reply.waitFor({ timeout: 10_000 });
    expect(await reply.locator("p").first().textContent()).toBe("Line one\nLine two");
    expect(await reply.getAttribute("data-own")).toBe("false");
    // Bob has read Alice's message, and her copy now says so.
    const mine = thread(alice.page).getByTestId("chat-message").filter({ hasText: "Can you cover my day shift?" });
    await mine.getByTestId("read-tick").waitFor({ timeout: 10_000 });

    expect(await axeViolations(bob.page)).toEqual([]);

    await callApi(alice.page, "PATCH", `/api/swap-requests/${requestId}`, { status: "cancelled" });
    await bob.page
      .getByText("This swap request was cancelled. Message sending has been disabled.")
      .waitFor({ timeout: 10_000 });
    expect(await bobBox.isDisabled()).toBe(true);
  });

  test("on a phone, /messages?request= opens the conversation, rewrites the address, and the tab badge clears", async () => {
    const alice = await signedIn("Ada", "Lovell");
    const bob = await signedIn("Ben", "Hart", PHONE);
    const requestId = await swapRequest(alice.page, bob, 11);
    await callApi(alice.page, "POST", "/api/messages", {
      swapRequestId: requestId,
      content: "Morning!",
      isRead: false,
    });

    await bob.page.goto("/dashboard");
    const tabBadge = bob.page.getByTestId("tab-bar").getByTestId("unread-badge");
    await tabBadge.filter({ hasText: /^1 unread$/ }).waitFor();

    await bob.page.goto(`/messages?request=${requestId}`);
    await bob.page.getByRole("heading", { name: "Ada Lovell" }).waitFor();
    await bob.page.waitForURL((url) => url.pathname === "/messages" && url.search === "");
    await thread(bob.page).getByText("Morning!").waitFor();
    await tabBadge.waitFor({ state: "detached", timeout: 10_000 });
    expect(await axeViolations(bob.page)).toEqual([]);

    // The list's refetch is held back: what it shows at once comes from the device's cache, which
    // must already know the conversation was read.
    await bob.page.route("**/api/conversations", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined);
    });
    await bob.page.getByRole("button", { name: "Back to all messages" }).click();
    await bob.page.getByRole("heading", { name: "Your Conversations" }).waitFor();
    const row = bob.page.getByTestId("conversation-row").filter({ hasText: "Ada Lovell" });
    expect(await row.getAttribute("data-unread")).toBe("false");
    expect(await axeViolations(bob.page)).toEqual([]);
  });

  test("a message being typed survives turning the phone sideways and opening another conversation", async () => {
    const alice = await signedIn("Ida", "Draft");
    const bob = await signedIn("Tom", "Turner", PHONE);
    const first = await swapRequest(alice.page, bob, 12);
    const second = await swapRequest(alice.page, bob, 13);

    await bob.page.goto(`/messages?request=${first}`);
    const box = bob.page.getByRole("textbox", { name: "Message" });
    await box.fill("Half a thought");
    // Landscape is wider than the panel layout's breakpoint: the conversation is drawn anew beside the list.
    await bob.page.setViewportSize({ width: 844, height: 390 });
    await bob.page.getByTestId("conversation-row").first().waitFor();
    expect(await box.inputValue()).toBe("Half a thought");

    // The list shows the soonest shift first: the other request is the second row.
    const rows = bob.page.getByTestId("conversation-row");
    await rows.nth(1).click();
    await expect.poll(() => box.inputValue()).toBe("");
    await rows.nth(0).click();
    await expect.poll(() => box.inputValue()).toBe("Half a thought");
    expect(second).toBeGreaterThan(first);
  });

  test("with no requests, the list says so and offers to create one", async () => {
    const carol = await signedIn("Carol", "Cole", PHONE);
    await carol.page.goto("/messages");
    await carol.page.getByText("No messages yet").waitFor();
    await carol.page.getByRole("link", { name: "Create Swap Request" }).click();
    await carol.page.waitForURL((url) => url.pathname === "/swap-requests");
  });
});
