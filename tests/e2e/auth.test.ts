import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  axeViolations,
  baseUrl,
  browserPerFile,
  DESKTOP,
  fillSignUpForm,
  newUser,
  PASSWORD,
  PHONE,
  readResetToken,
  registerViaApi,
  screenshot,
  signInViaForm,
  skipWelcome,
} from "./helpers";

const browser = browserPerFile();

async function openPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  return browser.newPage(viewport);
}

/** Signed-in page on /dashboard for a fresh account (greeted as new), with the welcome modal already seen. */
async function signedInPage(viewport = DESKTOP, firstName = "Robin") {
  const page = await openPage(viewport);
  const user = newUser({ firstName });
  const { id } = await registerViaApi(page, user);
  await skipWelcome(page, id);
  await page.goto("/dashboard");
  await page.getByRole("heading", { name: `Welcome, ${firstName}` }).waitFor();
  return { page, user, id };
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe("sign up, welcome and logout", () => {
  test("a new clinician signs up through the form, meets the welcome modal once, and logs out", async () => {
    const page = await openPage();
    const user = newUser({ firstName: "Jordan", paramedicBase: "Worcester" });
    await page.goto("/");
    await page.getByRole("heading", { name: "Sign In" }).waitFor();
    // The heading is in the page itself; the title follows once the page's code has run.
    await expect.poll(() => page.title()).toBe("Sign In");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await fillSignUpForm(page, user);
    // Worcester belongs to Coventry Hub: the hub is derived from the base.
    await expect.poll(() => page.getByTestId("signup-hub").textContent()).toContain("Hub: Coventry Hub");
    // Timed in the page (when the screen appears, when the app moves on), so a busy machine's late
    // polling from here cannot shorten what is measured.
    await page.evaluate(() => {
      const w = window as unknown as { shownAt?: number; leftAt?: number };
      new MutationObserver(() => {
        const shown = [...document.querySelectorAll("h2")].some((h) => h.textContent === "Thanks for signing up");
        if (shown && w.shownAt === undefined) w.shownAt = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
      for (const method of ["pushState", "replaceState"] as const) {
        const original = history[method].bind(history);
        history[method] = (...args: Parameters<History["pushState"]>) => {
          if (w.shownAt !== undefined) w.leftAt ??= performance.now();
          original(...args);
        };
      }
    });
    await page.getByRole("button", { name: "Sign up", exact: true }).click();

    await page.getByRole("heading", { name: "Thanks for signing up" }).waitFor();
    await page.waitForURL("**/dashboard");
    const shownFor = await page.evaluate(() => {
      const w = window as unknown as { shownAt?: number; leftAt?: number };
      return (w.leftAt ?? Number.NaN) - (w.shownAt ?? Number.NaN);
    });
    expect(shownFor).toBeGreaterThan(2000);
    // A first visit: not 'Welcome back'.
    await page.getByRole("heading", { name: "Welcome, Jordan" }).waitFor();
    await page.getByTestId("toast").filter({ hasText: "Registration successful" }).waitFor();

    const modal = page.getByRole("dialog", { name: "Welcome to CrewSwap!" });
    await modal.waitFor();
    await modal.getByRole("button", { name: "Maybe later" }).click();
    await modal.waitFor({ state: "hidden" });

    await page.reload();
    await page.getByRole("heading", { name: "Welcome, Jordan" }).waitFor();
    await page.waitForTimeout(1500);
    expect(await page.getByRole("dialog", { name: "Welcome to CrewSwap!" }).count()).toBe(0);

    const me = await page.evaluate(() => fetch("/api/auth/user").then((r) => r.json()));
    expect(me).toMatchObject({
      firstName: "Jordan",
      email: user.email,
      paramedicBase: "Worcester",
      hub: "Coventry Hub",
    });

    await page.getByRole("button", { name: /Profile menu for Jordan Morgan/ }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByTestId("toast").filter({ hasText: "Logged out successfully" }).waitFor();
    await page.getByRole("heading", { name: "Sign In" }).waitFor();
    const after = await page.evaluate(() => fetch("/api/auth/user").then((r) => r.status));
    expect(after).toBe(401);
  });

  test("the welcome modal's Go to profile button opens the profile and is not shown again", async () => {
    const page = await openPage();
    const user = newUser({ firstName: "Sam" });
    await registerViaApi(page, user);
    await page.goto("/dashboard");
    const modal = page.getByRole("dialog", { name: "Welcome to CrewSwap!" });
    await modal.waitFor();
    await modal.getByRole("button", { name: "Go to profile" }).click();
    await page.waitForURL("**/profile");
    await page.getByRole("heading", { name: "Profile", exact: true }).waitFor();
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Welcome, Sam" }).waitFor();
    await page.waitForTimeout(1200);
    expect(await modal.count()).toBe(0);
  });

  test("signing up with an email already in use shows 'Registration failed' and keeps the form", async () => {
    const page = await openPage();
    const existing = newUser();
    await registerViaApi(page, existing);
    await page.context().clearCookies();

    await page.goto("/");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await fillSignUpForm(page, { ...existing, firstName: "Casey", lastName: "Reed" });
    // The 'Thanks for signing up' screen is for success only: it must not appear even briefly.
    await page.evaluate(() => {
      const w = window as unknown as { sawWaiting: boolean };
      w.sawWaiting = false;
      new MutationObserver(() => {
        if (document.querySelector("[data-testid=signup-waiting]")) w.sawWaiting = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole("button", { name: "Sign up", exact: true }).click();

    await page.getByTestId("toast").filter({ hasText: "Registration failed" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sawWaiting: boolean }).sawWaiting)).toBe(false);
    expect(await page.getByTestId("toast").textContent()).toContain("An account with this email already exists");
    expect(pathOf(page)).toBe("/");
    const email = page.getByLabel("Work email");
    await email.waitFor();
    expect(await email.inputValue()).toBe(existing.email);
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("First name").inputValue()).toBe("Casey");
    expect(await page.getByLabel("Last name").inputValue()).toBe("Reed");
    expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe(existing.password);
    expect(await page.getByRole("combobox", { name: "Paramedic base" }).textContent()).toContain(
      existing.paramedicBase,
    );
    expect(await page.locator("#signup-email-error").textContent()).toContain(
      "An account with this email already exists",
    );
  });

  test("the sign-up form explains its rules and warns about non-NHS emails", async () => {
    const page = await openPage(PHONE);
    await page.goto("/");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await page.getByText("Confirm password is required").waitFor();
    await page.getByText("Paramedic base is required").waitFor();
    expect(await page.getByText("Password must be at least 8 characters and include a number and symbol").count()).toBe(
      1,
    );

    await page.getByLabel("Work email").fill("someone@gmail.com");
    await page.getByText("Please sign up with your NHS email (no emails will be sent there)").waitFor();
    await page.getByLabel("Work email").fill("someone@nhs.net");
    await page.getByTestId("nhs-email-warning").waitFor({ state: "detached" });

    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(`${PASSWORD}x`);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await page.getByText("Passwords do not match").waitFor();

    expect(await page.getByRole("combobox", { name: "Clinical grade" }).textContent()).toContain("Paramedic");
    await page.getByRole("combobox", { name: "Clinical grade" }).click();
    const grades = await page.getByRole("option").allInnerTexts();
    expect(grades.map((g) => g.trim())).toEqual(["Student paramedic", "Technician", "Paramedic"]);
    await page.keyboard.press("Escape");
    // Nothing spills sideways on a 390px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe("sign in", () => {
  test("Remember me keeps the session cookie for about 30 days; otherwise it is a browser-session cookie", async () => {
    const setup = await openPage();
    const user = newUser();
    await registerViaApi(setup, user);

    const remembered = await openPage();
    await signInViaForm(remembered, user.email, user.password, true);
    await remembered.waitForURL("**/dashboard");
    await remembered.getByTestId("toast").filter({ hasText: "Logged in successfully" }).waitFor();
    const longCookie = (await remembered.context().cookies()).find((c) => c.name === "sid");
    expect(longCookie).toBeDefined();
    const days = ((longCookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThan(31);
    expect(longCookie?.httpOnly).toBe(true);
    expect(longCookie?.sameSite).toBe("Lax");

    const session = await openPage();
    await signInViaForm(session, user.email, user.password, false);
    await session.waitForURL("**/dashboard");
    const shortCookie = (await session.context().cookies()).find((c) => c.name === "sid");
    expect(shortCookie).toBeDefined();
    expect(shortCookie?.expires).toBe(-1);
  });

  test("a wrong password shows the 'Login failed' toast and stays on the sign-in page", async () => {
    const page = await openPage();
    const user = newUser();
    await registerViaApi(page, user);
    await page.context().clearCookies();

    await signInViaForm(page, user.email, "Not-the-password-1");
    const toast = page.getByTestId("toast").filter({ hasText: "Login failed" });
    await toast.waitFor();
    expect(await toast.textContent()).toContain("Invalid email or password");
    expect(pathOf(page)).toBe("/");
    expect(await page.getByRole("button", { name: "Sign in", exact: true }).isEnabled()).toBe(true);
  });

  test("the sign-in form validates before calling the server, and the password can be shown", async () => {
    const page = await openPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByText("Invalid email address").waitFor();
    await page.getByText("Password is required").waitFor();

    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret-1!");
    expect(await password.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await password.getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "Hide password" }).click();
    expect(await password.getAttribute("type")).toBe("password");
  });

  test("a signed-in visitor on / or /auth goes to /dashboard", async () => {
    const { page } = await signedInPage();
    await page.goto("/");
    await page.waitForURL("**/dashboard");
    await page.goto("/auth");
    await page.waitForURL("**/dashboard");
  });

  test("a signed-out visitor on a protected page is sent to /", async () => {
    const page = await openPage();
    for (const path of ["/calendar", "/calendar/2025/06", "/dashboard", "/messages/12", "/profile", "/swap-requests"]) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === "/");
      await page.getByRole("heading", { name: "Sign In" }).waitFor();
    }
    // Redirects replace the history entry: going back does not return to the protected path.
    expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(7);
  });
});

describe("forgot and reset password", () => {
  test("the forgot-password view replaces the tabs, validates, and ends on 'Check your email'", async () => {
    const page = await openPage(PHONE);
    await page.goto("/");
    await page.getByRole("button", { name: "Forgot your password" }).click();
    expect(await page.getByRole("tab").count()).toBe(0);
    expect(await page.title()).toBe("Forgot password · CrewSwap");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    await page.getByLabel("Email").fill("nobody-here@nhs.net");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await page.getByRole("button", { name: "Back to sign in" }).first().click();
    await page.getByRole("tab", { name: "Sign In" }).waitFor();
  });

  test("a direct visit to /forgot-password has the forgot view's tab title", async () => {
    const page = await openPage();
    await page.goto("/forgot-password");
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await expect.poll(() => page.title()).toBe("Forgot password · CrewSwap");
  });

  test("a reset link from the mail sets a new password that signs in", async () => {
    const page = await openPage();
    const user = newUser();
    await registerViaApi(page, user);
    await page.context().clearCookies();

    await page.goto("/forgot-password");
    expect(await page.getByRole("tab").count()).toBe(0);
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();

    const token = await readResetToken(user.email);
    await page.goto(`/reset-password?token=${token}`);
    const fresh = "New-Password-42";
    await page.getByLabel("New password", { exact: true }).fill(fresh);
    await page.getByLabel("Confirm new password").fill(fresh);
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.getByRole("heading", { name: "Password changed" }).waitFor();

    // The link works once.
    await page.goto(`/reset-password?token=${token}`);
    await page.getByLabel("New password", { exact: true }).fill("Another-Password-43");
    await page.getByLabel("Confirm new password").fill("Another-Password-43");
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.getByText("This reset link is invalid or has expired").waitFor();

    await signInViaForm(page, user.email, fresh);
    await page.waitForURL("**/dashboard");
  });
});

describe("layout", () => {
  test("phones get the bottom tab bar and no header; wide screens get the header", async () => {
    const { page } = await signedInPage(PHONE, "Pat");
    expect(await page.getByTestId("tab-bar").isVisible()).toBe(true);
    expect(await page.getByTestId("app-header").isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const tabs = page.getByRole("navigation", { name: "Tabs" }).getByRole("link");
    expect((await tabs.allInnerTexts()).map((t) => t.trim())).toEqual([
      "Dashboard",
      "Calendar",
      "Search",
      "Messages",
      "Profile",
    ]);
    // Content is not hidden behind the tab bar.
    const bar = await page.getByTestId("tab-bar").boundingBox();
    const mainPadding = await page
      .locator("main")
      .evaluate((m) => Number.parseFloat(getComputedStyle(m).paddingBottom));
    expect(mainPadding).toBeGreaterThanOrEqual(bar?.height ?? 0);

    await page.getByRole("link", { name: "Calendar" }).click();
    await page.waitForURL("**/calendar");
    await page.getByRole("heading", { name: "Your Schedule" }).waitFor();
    expect(await page.getByRole("link", { name: "Calendar" }).getAttribute("aria-current")).toBe("page");

    await page.setViewportSize(DESKTOP);
    await page.getByTestId("app-header").waitFor();
    expect(await page.getByTestId("tab-bar").isVisible()).toBe(false);
    const header = page.getByRole("navigation", { name: "Main" });
    expect((await header.getByRole("link").allInnerTexts()).map((t) => t.trim())).toEqual([
      "Home",
      "Schedule",
      "Search hubs",
      "Inbox",
    ]);
    await header.getByRole("link", { name: "Search hubs" }).click();
    await page.getByRole("heading", { name: "Shift Swap Requests" }).waitFor();
    await header.getByRole("link", { name: "Inbox" }).click();
    await page.getByRole("heading", { name: "Your Conversations" }).waitFor();
    await header.getByRole("link", { name: "Home" }).click();
    await page.getByRole("heading", { name: "Welcome, Pat" }).waitFor();
  });

  test("the header's avatar shows initials and an orange status dot for a new account, and the Guide lists the GRS step", async () => {
    const { page } = await signedInPage(DESKTOP, "Kim");
    const trigger = page.getByRole("button", { name: /Profile menu for Kim Morgan/ });
    expect(await trigger.textContent()).toContain("KM");
    expect(await page.getByTestId("status-dot").getAttribute("data-status")).toBe("none");
    expect(await page.getByTestId("status-dot").evaluate((d) => getComputedStyle(d).backgroundColor)).toBe(
      "rgb(237, 139, 0)",
    );
    await page.getByRole("button", { name: "Guide" }).click();
    const menu = page.getByRole("menu");
    await menu.waitFor();
    expect(await menu.textContent()).toContain("Also submit the swap on GRS");
    expect(await menu.textContent()).toContain("Check the rest warnings");
    expect(await menu.textContent()).toContain("your service's rest policy may need your manager's agreement");
    await page.keyboard.press("Escape");
    await trigger.click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await page.waitForURL("**/profile");
  });

  test("the Guide explains rest warnings: in the header menu, and in the Profile's guide on a phone", async () => {
    const desktop = (await signedInPage(DESKTOP, "Lee")).page;
    await desktop.getByRole("button", { name: "Guide" }).click();
    await desktop.getByRole("menu").waitFor();
    await screenshot(desktop, "guide-1280", { fullPage: false });

    const phone = (await signedInPage(PHONE, "Lee")).page;
    await phone.goto("/profile");
    const card = phone.getByRole("region", { name: "Rest warnings on swaps" });
    await card.waitFor();
    expect(await card.textContent()).toContain("They are warnings, not blocks: you can still agree.");
    expect(await card.textContent()).toContain("may need your manager's agreement");
    await card.scrollIntoViewIfNeeded();
    await screenshot(phone, "guide-390", { fullPage: false });
    expect(await axeViolations(phone)).toEqual([]);
  });

  test("an unknown path shows the not-found screen", async () => {
    const page = await openPage(PHONE);
    await page.goto("/no-such-page/here");
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await page.getByText("Did you forget to add the page to the router?").waitFor();
  });

  test("public pages work without a session", async () => {
    const page = await openPage(PHONE);
    await page.goto("/calendar-demo");
    await page.getByRole("link", { name: "Get Started" }).click();
    await page.waitForURL("**/auth");
    await page.getByRole("heading", { name: "Sign In" }).waitFor();
    await page.goto("/reset-password");
    await page.getByText("This reset link is invalid or has expired").waitFor();
  });

  test("the beta banner closes for the rest of the page session only", async () => {
    const page = await openPage(PHONE);
    await page.goto("/");
    const banner = page.getByTestId("beta-banner");
    expect(await banner.textContent()).toContain("BETA");
    expect(await banner.textContent()).toContain("Beta Version");
    await page.getByRole("button", { name: "Close beta banner" }).click();
    await banner.waitFor({ state: "detached" });
    await page.getByRole("tab", { name: "Sign Up" }).click();
    expect(await banner.count()).toBe(0);
    await page.reload();
    await banner.waitFor();

    const { page: signedIn } = await signedInPage(DESKTOP);
    const inside = signedIn.getByTestId("beta-banner");
    await inside.waitFor();
    await signedIn.getByRole("button", { name: "Close beta banner" }).click();
    await inside.waitFor({ state: "detached" });
    await signedIn.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Schedule" }).click();
    await signedIn.getByRole("heading", { name: "Your Schedule" }).waitFor();
    expect(await inside.count()).toBe(0);
  });

  test("the Terms and Privacy Policy dialogs open from the sign-in page", async () => {
    const page = await openPage(PHONE);
    await page.goto("/");
    await page.getByRole("button", { name: "Privacy Policy" }).click();
    const privacy = page.getByRole("dialog", { name: "Privacy Policy" });
    await privacy.waitFor();
    const text = (await privacy.textContent()) ?? "";
    expect(text).toContain("June 2025");
    expect(text).toContain("Paramedic ID numbers are not collected");
    await privacy.getByRole("button", { name: "Close" }).first().click();
    await privacy.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Terms of Use" }).click();
    const terms = page.getByRole("dialog", { name: "Terms of Use" });
    await terms.waitFor();
    expect(await terms.textContent()).toContain("GRS");
    await page.keyboard.press("Escape");
    await terms.waitFor({ state: "detached" });
  });

  test("the preview card shows on wide screens only", async () => {
    const wide = await openPage(DESKTOP);
    await wide.goto("/");
    await wide.getByTestId("preview-card").waitFor();
    expect(await wide.getByTestId("preview-card").textContent()).toContain("Find and request swaps");
    const phone = await openPage(PHONE);
    await phone.goto("/");
    await phone.getByTestId("preview-card").waitFor({ state: "attached" });
    expect(await phone.getByTestId("preview-card").isVisible()).toBe(false);
  });
});

describe("accessibility", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`no axe violations on the sign-in page, sign-up tab and forgot view at ${viewport.width}px`, async () => {
      const page = await openPage(viewport);
      await page.goto("/");
      // The form, not only the heading the page arrives with: the app has drawn the page.
      await page.getByLabel("Email").waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole("tab", { name: "Sign Up" }).click();
      await page.getByLabel("Work email").fill("someone@example.com");
      await page.getByRole("button", { name: "Sign up", exact: true }).click();
      await page.getByText("Paramedic base is required").waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole("tab", { name: "Sign In" }).click();
      await page.getByRole("button", { name: "Forgot your password" }).click();
      await page.getByRole("button", { name: "Send reset link" }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });

    test(`no axe violations on the dashboard (with and without the welcome modal) at ${viewport.width}px`, async () => {
      const page = await openPage(viewport);
      await registerViaApi(page, newUser({ firstName: "Lee" }));
      await page.goto("/dashboard");
      const modal = page.getByRole("dialog", { name: "Welcome to CrewSwap!" });
      await modal.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await modal.getByRole("button", { name: "Close welcome message" }).click();
      await modal.waitFor({ state: "detached" });
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("no axe violations on the not-found, reset-password and signed-in pages", async () => {
    const page = await openPage(PHONE);
    await page.goto("/nowhere");
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto("/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789");
    await page.getByLabel("New password", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const { page: signedIn } = await signedInPage(DESKTOP);
    for (const [path, title] of [
      ["/calendar", "Your Schedule"],
      ["/swap-requests", "Shift Swap Requests"],
      ["/messages", "Your Conversations"],
      ["/profile", "Profile"],
    ] as const) {
      await signedIn.goto(path);
      await signedIn.getByRole("heading", { name: title, exact: true }).waitFor();
      // Axe reads the page twice (which nodes, then their colours): a control that comes out of its
      // loading state in between is measured half-way, so the profile is checked once settled.
      if (path === "/profile") {
        await expect.poll(() => signedIn.getByLabel("Push notifications about cover a day").isEnabled()).toBe(true);
      }
      expect(await axeViolations(signedIn)).toEqual([]);
    }
  });

  test("the Sign In and Sign Up tabs follow the arrow keys, and only the chosen tab is in the Tab order", async () => {
    const page = await openPage();
    await page.goto("/");
    const signIn = page.getByRole("tab", { name: "Sign In" });
    const signUp = page.getByRole("tab", { name: "Sign Up" });
    await signIn.focus();
    expect(await signIn.getAttribute("tabindex")).toBe("0");
    expect(await signUp.getAttribute("tabindex")).toBe("-1");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => signUp.getAttribute("aria-selected")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Sign Up");
    await page.getByRole("tabpanel", { name: "Sign Up" }).getByLabel("First name").waitFor();
    expect(await page.getByRole("tabpanel").count()).toBe(1);
    // Past the last tab the arrow comes round to the first; Home and End go to the ends.
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => signIn.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("End");
    await expect.poll(() => signUp.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Home");
    await expect.poll(() => signIn.getAttribute("aria-selected")).toBe("true");
    await page.getByRole("tabpanel", { name: "Sign In" }).getByLabel("Email").waitFor();
  });

  test("the sign-in form works with the keyboard alone", async () => {
    const page = await openPage();
    const user = newUser({ firstName: "Drew" });
    await registerViaApi(page, user);
    await page.context().clearCookies();
    await page.goto("/");
    await page.getByLabel("Email").focus();
    await page.keyboard.type(user.email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(user.password);
    await page.keyboard.press("Enter");
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { name: "Welcome back, Drew" }).waitFor();
  });
});

describe("the served client", () => {
  test("is the production build: React's development checks are not shipped", async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const entry = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/index-/);
    const script = await (await fetch(`${baseUrl()}${entry}`)).text();
    expect(script.length).toBeGreaterThan(10_000);
    // A message only React's development build carries.
    expect(script).not.toContain("cannot be a child of");
  });
});
