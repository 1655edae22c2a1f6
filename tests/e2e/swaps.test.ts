import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  addDayShift,
  axeViolations,
  browserPerFile,
  calendarDayName,
  callApi,
  DESKTOP,
  markOffDayAvailable,
  nextMonthDay,
  openRequestButton,
  PHONE,
  seekingClinician,
  type Viewport,
} from "./helpers";

const browser = browserPerFile();

/** A clinician at Shrewsbury Hub the hub browser lists (urgently seeking swaps). */
const clinician = (firstName: string, lastName: string, viewport: Viewport = DESKTOP) =>
  seekingClinician(browser, { firstName, lastName, paramedicBase: "Shrewsbury" }, viewport);

/**
 * Starts noting every toast title the page shows: a toast can be replaced at once by the next one
 * (one at a time, SPEC §9), e.g. the chat's connection notice right after navigating.
 */
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

const unique = () =>
  Date.now()
    .toString(36)
    .slice(-5)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)]);

/**
 * The background and border colours of an offer's box as painted over white, [r, g, b] each: the box,
 * every element around it up to `within`, and everything in it but the aria-hidden legend dot (night
 * is a red dot by design, SPEC's legend). Painted on a canvas, so 'oklab(…)' and translucent colours count too.
 */
async function paintedColours(box: Locator, within: string) {
  return box.evaluate((el, stop) => {
    const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    if (!ctx) throw new Error("no 2D canvas");
    const paint = (color: string) => {
      ctx.fillStyle = "#010203";
      ctx.fillStyle = color;
      if (ctx.fillStyle === "#010203") throw new Error(`the canvas cannot paint ${color}`);
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(0, 0, 1, 1);
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
    };
    const nodes: Element[] = [];
    for (let e: Element | null = el; e && !e.matches(stop); e = e.parentElement) nodes.push(e);
    for (const inner of Array.from(el.querySelectorAll("*")))
      if (!inner.closest("[aria-hidden=true]")) nodes.push(inner);
    const colours: Array<{ what: string; rgb: number[] }> = [];
    for (const node of nodes) {
      const style = getComputedStyle(node);
      const name = `${node.tagName.toLowerCase()}.${node.getAttribute("class") ?? ""}`;
      colours.push({ what: `${name} background`, rgb: paint(style.backgroundColor) });
      for (const side of ["top", "right", "bottom", "left"]) {
        if (style.getPropertyValue(`border-${side}-style`) === "none") continue;
        if (Number.parseFloat(style.getPropertyValue(`border-${side}-width`)) === 0) continue;
        colours.push({ what: `${name} border-${side}`, rgb: paint(style.getPropertyValue(`border-${side}-color`)) });
      }
    }
    const destructive = paint(getComputedStyle(document.documentElement).getPropertyValue("--color-destructive"));
    return { colours, destructive };
  }, within);
}

/** A red tint (hue within about 25° of red, not near-grey): the destructive palette, or a pink box. Amber is not. */
function reddish([r, g, b]: number[]): boolean {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max !== r || max - min < 6) return false;
  const hue = (60 * (g - b)) / (max - min);
  return hue > -30 && hue < 25;
}

/** Fails naming every red background or border of an offer's box. */
async function expectNoRedBox(box: Locator, within: string) {
  const { colours, destructive } = await paintedColours(box, within);
  // The check would see the destructive palette itself as red.
  expect(reddish(destructive)).toBe(true);
  expect(colours.length).toBeGreaterThan(0);
  expect(colours.filter((c) => reddish(c.rgb))).toEqual([]);
}

async function calendarChips(page: Page) {
  await page.goto("/calendar");
  await page.getByRole("heading", { name: "Your Schedule" }).waitFor();
  await page.getByRole("button", { name: "Next month" }).click();
}

describe("a swap from browse-by-hub to both calendars", () => {
  test("two clinicians agree in their own browsers and each calendar shows the other's shift", async () => {
    const tag = unique();
    const ava = await clinician("Ava", `Requester${tag}`);
    const ben = await clinician("Ben", `Responder${tag}`);
    const day = nextMonthDay(10);
    const returnDay = nextMonthDay(14);
    await addDayShift(ava.page, day);
    await markOffDayAvailable(ben.page, day);
    await callApi(ben.page, "POST", "/api/shifts", {
      date: returnDay,
      shiftType: "seeking_coverage",
      startTime: "07:00",
      endTime: "19:00",
    });

    // Ava browses her hub and picks Ben's Available Off Day.
    const a = ava.page;
    await a.goto("/swap-requests");
    await a.getByRole("heading", { name: "Shift Swap Requests" }).waitFor();
    await a.getByRole("button", { name: "Select Hub & Browse Clinicians" }).click();
    const picker = a.getByRole("dialog", { name: "Select a Hub" });
    await picker.getByRole("radio", { name: "Shrewsbury Hub" }).click();
    await picker.getByRole("button", { name: "Browse Clinicians" }).click();
    const hubBrowser = a.getByTestId("clinician-browser");
    await hubBrowser.getByRole("heading", { name: "Clinicians at Shrewsbury Hub" }).waitFor();
    await hubBrowser.getByRole("button", { name: /View All Active Users/ }).click();
    const row = hubBrowser.getByTestId("clinician-row").filter({ hasText: ben.name });
    await row.getByRole("button", { name: `Show details for ${ben.name}` }).click();
    await row.getByRole("button", { name: new RegExp(`^Request a swap with ${ben.name} on`) }).click();

    // Ben is already chosen, and so is Ava's only shift that day: the wizard starts at the offers,
    // numbered as on every path (finding a match is passed over).
    const wizard = a.getByRole("dialog", { name: `Request a swap with ${ben.name}` });
    await wizard.getByText("Step 3 of 5: Offer shifts in return").waitFor();
    await wizard.getByRole("button", { name: "Back" }).click();
    await wizard.getByText("Step 1 of 5: Select your shift").waitFor();
    expect(await wizard.getByRole("radio").isChecked()).toBe(true);
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard.getByText("Step 3 of 5: Offer shifts in return").waitFor();
    await wizard.getByRole("checkbox").check();
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard.getByText(`${ben.name} (Available Off Day)`).waitFor();
    await wizard.getByRole("button", { name: "Next" }).click();
    const intro = wizard.getByLabel("Message to Ben");
    const text = await intro.inputValue();
    expect(text.startsWith("Hi Ben,")).toBe(true);
    expect(text).toContain("In return, I can cover this shift for you:");
    expect(text.endsWith("Thanks,\nAva")).toBe(true);
    await recordToasts(a);
    await wizard.getByRole("button", { name: "Send request" }).click();
    await a.waitForURL((url) => url.pathname === "/messages" && url.search === "");
    await expect.poll(async () => (await seenToasts(a)).some((t) => t.startsWith("Swap request created"))).toBe(true);

    // The conversation opened with the intro message and the Swap Details card.
    const avaDetails = a.getByTestId("swap-details");
    await avaDetails.getByRole("heading", { name: "Deal Agreement" }).waitFor();
    await a.getByText("In return, I can cover this shift for you:").first().waitFor();
    await avaDetails.getByRole("button", { name: "Agree", exact: true }).click();
    await avaDetails.getByRole("button", { name: "Undo" }).waitFor();
    await expect.poll(async () => (await seenToasts(a)).some((t) => t.startsWith("Deal agreed"))).toBe(true);

    // Ben opens it from his swap requests, picks the return shift and agrees: the swap completes.
    const b = ben.page;
    await b.goto("/swap-requests");
    await b
      .getByRole("link", { name: /^Chat about the request for / })
      .first()
      .click();
    const benDetails = b.getByTestId("swap-details");
    await benDetails.getByText("Agreed").waitFor();
    await benDetails.getByRole("radio", { name: /Day Shift/ }).check();
    await recordToasts(b);
    await benDetails.getByRole("button", { name: "Agree", exact: true }).click();
    await benDetails.getByText("Deal completed!").waitFor();
    // The last Agree completes the swap and names what is left: the GRS step.
    const completedToast = (t: string) =>
      t.startsWith("Swap completed") && t.includes("Now submit the swap on GRS, then tick Submitted on GRS.");
    await expect.poll(async () => (await seenToasts(b)).some(completedToast)).toBe(true);
    await benDetails.getByText("Submit this swap on GRS").waitFor();
    await benDetails.getByRole("checkbox", { name: "Submitted on GRS" }).click();
    await expect.poll(() => benDetails.getByRole("checkbox", { name: "Submitted on GRS" }).isChecked()).toBe(true);

    // Ava's screen follows without a reload.
    await avaDetails.getByText("Deal completed!").waitFor({ timeout: 15_000 });
    expect(await avaDetails.getByRole("button", { name: "Undo" }).count()).toBe(0);

    // Each calendar now holds the other's shift.
    await calendarChips(a);
    await a.getByRole("button", { name: `Rest Day, ${calendarDayName(day)}`, exact: true }).waitFor();
    await a
      .getByRole("button", { name: `Day Shift, 7:00 AM – 7:00 PM, ${calendarDayName(returnDay)}`, exact: true })
      .waitFor();
    await calendarChips(b);
    await b
      .getByRole("button", { name: `Day Shift, 7:00 AM – 7:00 PM, ${calendarDayName(day)}`, exact: true })
      .waitFor();
    await b.getByRole("button", { name: `Rest Day, ${calendarDayName(returnDay)}`, exact: true }).waitFor();
    expect(
      await b.getByRole("button", { name: `Available Off Day, ${calendarDayName(day)}`, exact: true }).count(),
    ).toBe(0);
  });
});

describe("the swap screens on a phone", () => {
  test("an open request by keyboard from 'New swap request', listed for a colleague who offers to cover", async () => {
    const tag = unique();
    const cara = await clinician("Cara", `Keyboard${tag}`, PHONE);
    const dan = await clinician("Dan", `Cover${tag}`, PHONE);
    const day = nextMonthDay(20);
    await callApi(cara.page, "POST", "/api/shifts", {
      date: day,
      shiftType: "night",
      startTime: "19:00",
      endTime: "07:00",
    });
    await markOffDayAvailable(dan.page, day);

    const c = cara.page;
    await c.goto("/swap-requests");
    await c.getByRole("heading", { name: "Shift Swap Requests" }).waitFor();
    expect(await axeViolations(c)).toEqual([]);
    await c.getByRole("button", { name: "New swap request" }).focus();
    await c.keyboard.press("Enter");
    const wizard = c.getByRole("dialog", { name: "New Swap Request" });
    // Every path numbers its steps out of the same five.
    await wizard.getByText("Step 1 of 5: Select your shift").waitFor();
    await wizard.getByRole("radio").first().focus();
    await c.keyboard.press("Space");
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard.getByText("Step 2 of 5: Find a match").waitFor();
    // The list of matches is kept to about 15rem.
    const listHeight = await wizard.getByTestId("match-list").evaluate((el) => getComputedStyle(el).maxHeight);
    expect(listHeight).toBe("240px");
    await wizard.getByRole("radio", { name: /Looking for match/ }).check();
    await wizard.getByText("Step 2 of 5: Find a match").waitFor();
    expect(await axeViolations(c)).toEqual([]);
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard.getByText(/Looking for match: any paramedic/).waitFor();
    await wizard.getByRole("button", { name: "Next" }).click();
    expect((await wizard.getByLabel("Message to colleagues").inputValue()).startsWith("Hi there,")).toBe(true);
    await recordToasts(c);
    await wizard.getByRole("button", { name: "Send request" }).click();
    await c.waitForURL((url) => url.pathname === "/messages");
    await expect.poll(async () => (await seenToasts(c)).some((t) => t.startsWith("Swap request created"))).toBe(true);

    await c.goto("/dashboard");
    const card = c.getByTestId("dashboard-swap-requests");
    await card.getByText("Looking for match").waitFor();
    await card.getByRole("link", { name: "Manage Swap Requests" }).waitFor();

    // Dan sees it among open requests of his grade and covers it.
    const d = dan.page;
    await d.goto("/swap-requests");
    const open = d.getByTestId("open-requests-card");
    await (await openRequestButton(open, cara.name)).click();
    // Asked once, naming the day, the times and the colleague, before anything changes.
    const ask = d.getByRole("alertdialog");
    await ask.getByText(new RegExp(`^Offer to work \\w{3} \\d{1,2} \\w{3} .+ for ${cara.name}\\?$`)).waitFor();
    await ask.getByRole("button", { name: "Cancel" }).click();
    expect(new URL(d.url()).pathname).toBe("/swap-requests");
    await (await openRequestButton(open, cara.name)).click();
    await d.getByRole("alertdialog").getByRole("button", { name: "Offer to cover" }).click();
    await d.waitForURL((url) => url.pathname === "/messages");
    const details = d.getByTestId("swap-details");
    await details.getByText(`${dan.name} (you)`).waitFor();
    expect(await axeViolations(d)).toEqual([]);

    // Cara's dashboard now says the request awaits a response.
    await c.reload();
    await card.getByText("Awaiting response").waitFor();
  });
});

describe("night shifts on offer", () => {
  test("are not in a red box: in the wizard's offer picker, in Swap Details and in the responder's choice", async () => {
    const tag = unique();
    const eve = await clinician("Eve", `Nights${tag}`);
    const finn = await clinician("Finn", `Offers${tag}`);
    const day = nextMonthDay(8);
    await addDayShift(eve.page, day);
    await markOffDayAvailable(finn.page, day);
    await callApi(finn.page, "POST", "/api/shifts", {
      date: nextMonthDay(24),
      shiftType: "seeking_coverage",
      startTime: "19:00",
      endTime: "07:00",
    });

    // Eve's wizard: the night she can cover is a checkbox card, neither red unchecked nor checked.
    const e = eve.page;
    await e.goto("/swap-requests");
    await e.getByRole("button", { name: "New swap request" }).click();
    const wizard = e.getByRole("dialog", { name: "New Swap Request" });
    await wizard.getByRole("radio").first().check();
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard.getByRole("radio", { name: new RegExp(finn.name) }).check();
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard.getByText(/of 5: Offer shifts in return/).waitFor();
    const card = wizard.locator("label", { has: e.getByRole("checkbox", { name: /Night Shift/ }) });
    await expectNoRedBox(card, "[role=dialog]");
    await card.getByRole("checkbox").check();
    await expectNoRedBox(card, "[role=dialog]");
    for (const step of ["Confirm your request", "Introductory message"]) {
      await wizard.getByRole("button", { name: "Next" }).click();
      await wizard.getByText(new RegExp(`of 5: ${step}`)).waitFor();
    }
    await wizard.getByRole("button", { name: "Send request" }).click();
    await e.waitForURL((url) => url.pathname === "/messages");

    // Swap Details lists it under 'Eve offers to cover'.
    const offer = e.getByTestId("swap-details").getByTestId("offer").filter({ hasText: "Night Shift" });
    await offer.waitFor();
    await expectNoRedBox(offer, "[data-testid=swap-details]");

    // Finn chooses among the offers in the Deal Agreement.
    const f = finn.page;
    await f.goto("/swap-requests");
    await f
      .getByRole("link", { name: /^Chat about the request for / })
      .first()
      .click();
    const details = f.getByTestId("swap-details");
    const choice = details.locator("label", { has: f.getByRole("radio", { name: /Night Shift/ }) });
    await choice.getByRole("radio").check();
    await expectNoRedBox(choice, "[data-testid=swap-details]");
  });
});
