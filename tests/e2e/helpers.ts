import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import pg from "pg";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { todayInLondon } from "../../common/dates";

const require = createRequire(import.meta.url);

export const baseUrl = (): string => inject("baseUrl");

/**
 * A screenshot to look at a screen by eye: written to `SCREENSHOT_DIR` when it is set
 * (`SCREENSHOT_DIR=/tmp/shots npx vitest run --project e2e …`), skipped otherwise so runs write nothing.
 */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: opts.fullPage ?? true });
}

export type Viewport = { width: number; height: number };
export const PHONE: Viewport = { width: 390, height: 844 };
export const DESKTOP: Viewport = { width: 1280, height: 800 };

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * `serviceWorkers: "block"` keeps every navigation going to the server, as before the app is installed;
 * `locale` is the browser's language (en-GB unless a test needs another).
 */
type ContextOptions = { javaScriptEnabled?: boolean; serviceWorkers?: "allow" | "block"; locale?: string };

export async function newContext(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...options,
    baseURL: baseUrl(),
    viewport,
    locale: options.locale ?? "en-GB",
    timezoneId: "Europe/London",
    reducedMotion: "reduce",
  });
  context.setDefaultTimeout(15_000);
  return context;
}

let counter = 0;
export function uniqueEmail(tag = "user"): string {
  counter += 1;
  return `e2e-${tag}-${Date.now()}-${process.pid}-${counter}@nhs.net`;
}

export const PASSWORD = "Ambulance#2025";

export type NewUser = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  paramedicBase: string;
};

export function newUser(overrides: Partial<NewUser> = {}): NewUser {
  return {
    firstName: "Alex",
    lastName: "Morgan",
    email: uniqueEmail(),
    password: PASSWORD,
    paramedicBase: "Dudley",
    ...overrides,
  };
}

/** Registers through the API from the page (same origin, so the session cookie lands in the context). */
export async function registerViaApi(page: Page, user: NewUser): Promise<{ id: number }> {
  if (!page.url().startsWith(baseUrl())) await page.goto("/calendar-demo");
  const answer = await page.evaluate(async (u) => {
    const res = await fetch("/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        username: u.email,
        password: u.password,
        clinicalGrade: "paramedic",
        paramedicBase: u.paramedicBase,
        activelySeekingSwaps: false,
        swapUrgency: "none",
      }),
    });
    return { status: res.status, body: await res.json() };
  }, user);
  if (answer.status !== 201) throw new Error(`register failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { id: number };
}

/** Fills and submits the sign-up form on the landing page (the page must show the Sign Up tab's form). */
export async function fillSignUpForm(page: Page, user: NewUser) {
  await page.getByLabel("First name").fill(user.firstName);
  await page.getByLabel("Last name").fill(user.lastName);
  await page.getByLabel("Work email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Confirm password").fill(user.password);
  await page.getByRole("combobox", { name: "Paramedic base" }).click();
  await page.getByRole("option", { name: user.paramedicBase, exact: true }).click();
}

export async function signInViaForm(page: Page, email: string, password: string, rememberMe = false) {
  await page.goto("/");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (rememberMe) await page.getByRole("checkbox", { name: "Remember me" }).check();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Finds the reset link in the mail the app wrote to DATA_DIR/outbox for this address. */
export async function readResetToken(email: string, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(inject("dataDir"), "outbox");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = existsSync(outbox) ? readdirSync(outbox).sort() : [];
    for (const file of files.reverse()) {
      const raw = readFileSync(path.join(outbox, file), "utf8");
      if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
      const decoded = raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
      const match = decoded.match(/reset-password\?token=([A-Za-z0-9_-]+)/);
      if (match) return match[1];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No reset mail for ${email} in ${outbox}`);
}

/** Marks the welcome modal as already shown for a user, so it does not cover the page. */
export async function skipWelcome(page: Page, userId: number) {
  await page.evaluate((id) => localStorage.setItem(`crewswap:welcome-shown:${id}`, "1"), userId);
}

const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: string[] };

/** Runs axe-core (WCAG 2.x A/AA and best practices) on the page and returns its violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, so the app's Content-Security-Policy stays in force.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
    });
    return result.violations.map(
      (v: { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => n.target.join(" ")),
      }),
    );
  });
}

/** One browser per test file; every context a test opens is closed after that test. */
export function browserPerFile() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  return {
    /** A page in a fresh context (its own cookies and storage) at the given viewport. */
    async newPage(viewport: Viewport = DESKTOP, options: ContextOptions = {}): Promise<Page> {
      if (!browser) throw new Error("The browser has not started");
      const context = await newContext(browser, viewport, options);
      contexts.push(context);
      return context.newPage();
    },
  };
}

/**
 * A paramedic at `paramedicBase` who is urgently seeking swaps, so the hub browser lists them
 * (SPEC §2), signed in on a page of their own with the welcome modal already seen.
 */
export async function seekingClinician(
  browser: ReturnType<typeof browserPerFile>,
  who: { firstName: string; lastName: string; paramedicBase: string },
  viewport: Viewport,
) {
  const page = await browser.newPage(viewport);
  await page.goto("/calendar-demo");
  const u = newUser(who);
  const me = await callApi(page, "POST", "/api/auth/register", {
    firstName: who.firstName,
    lastName: who.lastName,
    email: u.email,
    username: u.email,
    password: u.password,
    clinicalGrade: "paramedic",
    paramedicBase: who.paramedicBase,
    activelySeekingSwaps: true,
    swapUrgency: "urgent",
  });
  await skipWelcome(page, me.id);
  return { page, id: me.id as number, name: `${who.firstName} ${who.lastName}`, email: u.email };
}

/**
 * The URL of the app's embedded database (server/db/embedded.ts keeps the password and the server's
 * port in DATA_DIR), for setting up more colleagues than the per-address sign-up limit allows.
 */
export function appDatabaseUrl(): string {
  const dataDir = inject("dataDir");
  const password = readFileSync(path.join(dataDir, "db-password"), "utf8").trim();
  const port = readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8")
    .split("\n")[3]
    ?.trim();
  if (!port) throw new Error("the app's database is not running");
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** Runs one statement on the app's embedded database: for a state no API makes (an old request, an unverified address). */
export async function appSql(query: string, params: unknown[]): Promise<void> {
  const db = new pg.Client({ connectionString: appDatabaseUrl() });
  await db.connect();
  try {
    await db.query(query, params);
  } finally {
    await db.end();
  }
}

/** Calls the API from the page as its signed-in user (same origin, session cookie); throws unless 2xx. */
export async function callApi(page: Page, method: string, url: string, body?: unknown) {
  const answer = await page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: body === undefined ? {} : { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, url, body },
  );
  if (answer.status >= 300) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Adds a 07:00–19:00 day shift on `date` to the page's user; answers the shift. */
export const addDayShift = (page: Page, date: string) =>
  callApi(page, "POST", "/api/shifts", { date, shiftType: "day", startTime: "07:00", endTime: "19:00" });

/** A paramedic at `paramedicBase`, registered and signed in on a page of their own, the welcome modal seen. */
export async function signedInParamedic(
  browser: ReturnType<typeof browserPerFile>,
  viewport: Viewport,
  who: { firstName: string; lastName: string; paramedicBase: string },
): Promise<Page> {
  const page = await browser.newPage(viewport);
  const { id } = await registerViaApi(page, newUser(who));
  await skipWelcome(page, id);
  return page;
}

/** Puts a shift needing cover on `date` (a day, or a 19:00–07:00 night); answers the shift. */
export const seekingCoverOn = (page: Page, date: string, night = false) =>
  callApi(page, "POST", "/api/shifts", {
    date,
    shiftType: "seeking_coverage",
    startTime: night ? "19:00" : "07:00",
    endTime: night ? "07:00" : "19:00",
  });

/** Marks `date` an Available Off Day (a rest day the page's user would work). */
export const markOffDayAvailable = (page: Page, date: string) =>
  callApi(page, "POST", "/api/shifts", { date, shiftType: "rest_day", restDayShiftInterest: true });

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** 'Monday, 3 November' for a yyyy-MM-dd day, as the calendar's accessible names say it. */
export function calendarDayName(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${d} ${MONTHS[m - 1]}`;
}

/** yyyy-MM-dd of the given day of the month after today's: always in the future, one 'next' away. */
export function nextMonthDay(day: number): string {
  const [y, m] = todayInLondon().split("-").map(Number);
  const next = m === 12 ? { y: y + 1, m: 1 } : { y, m: m + 1 };
  return `${next.y}-${String(next.m).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * A colleague's request in 'Looking for a match', which lists the nearest first a page at a time:
 * shows more until its 'Offer to cover' button is there (other tests' requests may come first).
 */
export async function openRequestButton(card: Locator, colleague: string, timeoutMs = 10_000): Promise<Locator> {
  const target = card.getByRole("button", { name: new RegExp(`^Offer to cover ${colleague}'s shift`) });
  const more = card.getByRole("button", { name: /^Show \d+ more$/ });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await target.count()) > 0) return target;
    if ((await more.count()) > 0) await more.click();
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no open request from ${colleague} in the list`);
}

/** Every value stored in the offline IndexedDB database, as text. */
export const storedValues = (page: Page): Promise<string[]> =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open("crewswap-offline");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("queries")) return resolve([]);
          const all = db.transaction("queries").objectStore("queries").getAll();
          all.onsuccess = () => resolve(all.result.map((v) => (typeof v === "string" ? v : JSON.stringify(v))));
          all.onerror = () => reject(all.error);
        };
      }),
  );
