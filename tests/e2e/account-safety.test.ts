import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import {
  addDayShift,
  appDatabaseUrl,
  axeViolations,
  browserPerFile,
  callApi,
  DESKTOP,
  markOffDayAvailable,
  newUser,
  PASSWORD,
  PHONE,
  registerViaApi,
  screenshot,
  signInViaForm,
  skipWelcome,
} from "./helpers";

const browser = browserPerFile();

const toastWith = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text }).waitFor();

async function status(page: Page, url: string): Promise<number> {
  return page.evaluate(async (u) => (await fetch(u)).status, url);
}

/** The page is no wider than its window: nothing sticks out sideways. */
async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

describe("account safety on /profile", () => {
  test("changes the password, which signs the other device out, then signs out other devices", async () => {
    const me = newUser({ firstName: "Morgan", lastName: "Reyes" });
    const laptop = await browser.newPage(DESKTOP);
    const { id } = await registerViaApi(laptop, me);
    await skipWelcome(laptop, id);
    const phone = await browser.newPage(PHONE);
    await signInViaForm(phone, me.email, PASSWORD);
    await phone.waitForURL((url) => url.pathname === "/dashboard");

    await laptop.goto("/profile");
    const devices = laptop.getByRole("list", { name: "Signed-in devices" });
    await devices.getByRole("listitem").nth(1).waitFor();
    expect(await devices.getByRole("listitem").count()).toBe(2);
    await devices.getByRole("listitem").first().getByText("This device").waitFor();
    await laptop.getByRole("heading", { name: "Change password" }).scrollIntoViewIfNeeded();
    await screenshot(laptop, "profile-security-desktop", { fullPage: false });

    const form = laptop.getByRole("form", { name: "Change password" });
    await form.getByLabel("Current password").fill("Not-my-passw0rd!");
    await form.getByLabel("New password").fill("short");
    await form.getByRole("button", { name: "Change password" }).click();
    await form.getByText("Password must be at least 8 characters and include a number and symbol").waitFor();
    await form.getByLabel("New password").fill("Brand-n3w-pass!");
    await form.getByRole("button", { name: "Change password" }).click();
    await form.getByText("Your current password is not correct").waitFor();
    await form.getByLabel("Current password").fill(PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await toastWith(laptop, "Password changed");

    // The phone was signed out; the laptop stays signed in and now lists only itself.
    expect(await status(phone, "/api/auth/user")).toBe(401);
    expect(await status(laptop, "/api/auth/user")).toBe(200);
    await expect.poll(() => devices.getByRole("listitem").count()).toBe(1);
    expect(await laptop.getByRole("button", { name: "Sign out other devices" }).isDisabled()).toBe(true);

    // Sign in on the phone again with the new password, then sign it out from the laptop.
    await signInViaForm(phone, me.email, "Brand-n3w-pass!");
    await phone.waitForURL((url) => url.pathname === "/dashboard");
    await laptop.reload();
    await expect.poll(() => devices.getByRole("listitem").count()).toBe(2);
    await laptop.getByRole("button", { name: "Sign out other devices" }).click();
    await toastWith(laptop, "Your other devices have been signed out.");
    expect(await status(phone, "/api/auth/user")).toBe(401);
    await expect.poll(() => devices.getByRole("listitem").count()).toBe(1);
    expect(await axeViolations(laptop)).toEqual([]);

    const small = await browser.newPage(PHONE);
    await signInViaForm(small, me.email, "Brand-n3w-pass!");
    await small.waitForURL((url) => url.pathname === "/dashboard");
    await small.goto("/profile");
    await small.getByRole("heading", { name: "Where you're signed in" }).scrollIntoViewIfNeeded();
    expect(await pageWidth(small)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(small, "profile-security-phone", { fullPage: false });
  });

  test("changing the email asks for the current password", async () => {
    const page = await browser.newPage(DESKTOP);
    const me = newUser();
    const { id } = await registerViaApi(page, me);
    await skipWelcome(page, id);
    await page.goto("/profile");
    await page.getByRole("button", { name: "Edit" }).click();
    const next = me.email.replace("@", ".moved@");
    const form = page.getByRole("form", { name: "Personal Information" });
    expect(await form.getByLabel("Current password").count()).toBe(0);
    await form.getByLabel("Email").fill(next);
    await form.getByLabel("Current password").waitFor();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await form.getByText("Please enter your current password to change your email").waitFor();
    await form.getByLabel("Current password").fill(PASSWORD);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toastWith(page, "Profile updated");
    expect((await callApi(page, "GET", "/api/auth/user")).email).toBe(next);
  });
});

/** The newest verification link mailed to this address (the app writes mails to DATA_DIR/outbox). */
async function verificationLink(email: string, notThis?: string): Promise<string> {
  const outbox = path.join(inject("dataDir"), "outbox");
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = existsSync(outbox) ? readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      const raw = readFileSync(path.join(outbox, file), "utf8");
      if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
      const decoded = raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
      const match = /(\/api\/auth\/verify-email\?token=[A-Za-z0-9_%-]+)/.exec(decoded);
      if (match && match[1] !== notThis) return match[1];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No verification mail for ${email}`);
}

async function sql(query: string, params: unknown[]) {
  const db = new pg.Client({ connectionString: appDatabaseUrl() });
  await db.connect();
  try {
    await db.query(query, params);
  } finally {
    await db.end();
  }
}

describe("email verification banner", () => {
  test("says why colleagues cannot see you, resends the link, and goes once the link is opened", async () => {
    const page = await browser.newPage(PHONE);
    const me = newUser({ firstName: "Noor" });
    const { id } = await registerViaApi(page, me);
    await skipWelcome(page, id);
    // This app runs without SMTP (verification off); an account still unproven shows the banner.
    await sql("update users set email_verified_at = null where id = $1", [id]);
    await page.goto("/dashboard");
    const banner = page.getByRole("region", { name: "Confirm your email" });
    await banner.getByText("Please confirm your email address.").waitFor();
    await banner.getByText(me.email).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "verify-banner-phone", { fullPage: false });

    // Requests are refused meanwhile, with the same reason.
    const date = addDays(todayInLondon(), 9);
    const shift = await addDayShift(page, date);
    const refused = await page.evaluate(async (shiftId) => {
      const res = await fetch("/api/swap-requests", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ requesterShiftId: shiftId }),
      });
      return { status: res.status, body: await res.json() };
    }, shift.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^Please confirm your email address first/);

    await banner.getByRole("button", { name: "Resend" }).click();
    await toastWith(page, "Link sent");
    const link = await verificationLink(me.email);
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await toastWith(page, "Email confirmed");
    await banner.waitFor({ state: "detached" });
    expect(new URL(page.url()).search).toBe("");

    const wide = await browser.newPage(DESKTOP);
    const other = newUser({ firstName: "Sami" });
    const { id: otherId } = await registerViaApi(wide, other);
    await skipWelcome(wide, otherId);
    await sql("update users set email_verified_at = null where id = $1", [otherId]);
    await wide.goto("/dashboard");
    await wide.getByRole("region", { name: "Confirm your email" }).waitFor();
    // The banner belongs to the shell, which can draw before the dashboard's own chunk and heading.
    await wide.getByRole("heading", { level: 1, name: /Sami/ }).waitFor();
    await screenshot(wide, "verify-banner-desktop", { fullPage: false });
    expect(await axeViolations(wide)).toEqual([]);
  });
});

describe("hostile names and long messages", () => {
  test("at 390 px an unbroken message wraps inside its bubble and a right-to-left name does not reorder its neighbours", async () => {
    const rtlName = "\u202Eredoc";
    const alice = await browser.newPage(PHONE);
    const a = await registerViaApi(alice, newUser({ firstName: rtlName, lastName: "Archer" }));
    await skipWelcome(alice, a.id);
    const bob = await browser.newPage(PHONE);
    const b = await registerViaApi(bob, newUser({ firstName: "Bob", lastName: "\u05D9\u05D5\u05E1\u05E3" }));
    await skipWelcome(bob, b.id);

    const date = addDays(todayInLondon(), 11);
    await markOffDayAvailable(bob, date);
    const shift = await addDayShift(alice, date);
    const request = await callApi(alice, "POST", "/api/swap-requests", {
      requesterShiftId: shift.id,
      responderId: b.id,
    });
    const long = "A".repeat(600);
    await callApi(alice, "POST", "/api/messages", { swapRequestId: request.id, content: long, isRead: false });

    await bob.goto(`/messages/${request.id}`);
    const bubble = bob.getByTestId("chat-message").filter({ hasText: "AAAA" });
    await bubble.waitFor();
    expect(await pageWidth(bob)).toBeLessThanOrEqual(PHONE.width);
    const box = await bubble.locator("p").first().boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(bob, "long-message-phone", { fullPage: false });

    // The name sits in its own <bdi>: the override stops at its end, so "requesting swap" reads as written.
    await bob.goto("/messages");
    const row = bob.getByTestId("conversation-row").first();
    await row.waitFor();
    const isolated = await row.evaluate((el) =>
      [...el.querySelectorAll("bdi")].map((n) => ({ text: n.textContent, next: n.nextSibling?.textContent ?? "" })),
    );
    expect(isolated.filter((n) => n.text === `${rtlName} Archer`)).toHaveLength(2);
    expect(isolated).toContainEqual({ text: `${rtlName} Archer`, next: " requesting swap" });
    expect(await pageWidth(bob)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(bob, "rtl-name-conversations-phone", { fullPage: false });

    await alice.goto(`/messages/${request.id}`);
    await alice.getByTestId("swap-details").waitFor();
    const details = await alice
      .getByTestId("swap-details")
      .evaluate((el) => [...el.querySelectorAll("bdi")].map((n) => n.textContent));
    expect(details).toContain(`${rtlName} Archer`);
    expect(details).toContain("Bob \u05D9\u05D5\u05E1\u05E3");
    expect(await pageWidth(alice)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(alice, "rtl-name-details-phone", { fullPage: false });
  });
});
