import http from "node:http";
import { brotliDecompressSync } from "node:zlib";
import type { Page, Route } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import {
  addDayShift,
  baseUrl,
  browserPerFile,
  callApi,
  DESKTOP,
  newUser,
  openRequestButton,
  PHONE,
  registerViaApi,
  skipWelcome,
  type Viewport,
} from "./helpers";

const browser = browserPerFile();

/** A raw GET from outside the browser: status, headers and the body as sent. */
function rawGet(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(baseUrl() + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Holds every matching request until release() is called: the data arrives when the test says so. */
async function holdRequests(page: Page, pattern: RegExp) {
  const held: Route[] = [];
  let released = false;
  await page.route(pattern, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    count: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((r) => r.continue()));
    },
  };
}

/**
 * Starts summing the page's layout shifts as the Web Vitals' CLS counts them (`buffered`: also those
 * before now); the returned function reads the sum.
 */
async function watchLayoutShifts(page: Page, buffered = false) {
  await page.evaluate((fromStart) => {
    const w = window as unknown as { cls: number };
    w.cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!e.hadRecentInput) w.cls += e.value;
      }
    }).observe({ type: "layout-shift", buffered: fromStart });
  }, buffered);
  return () => page.evaluate(() => (window as unknown as { cls: number }).cls);
}

async function cardBoxes(page: Page) {
  return page.getByTestId("dashboard-cards").evaluate((grid) =>
    [...grid.children].map((card) => {
      const r = card.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
}

/**
 * Signed in, with three shifts. Unless asked, without the service worker: once it controls a tab
 * it serves the app's shell and files itself, and these tests are about what the server sends
 * (and hold requests the worker would answer unseen).
 */
async function signedInWithShifts(viewport: Viewport, serviceWorkers: "allow" | "block" = "block") {
  const page = await browser.newPage(viewport, { serviceWorkers });
  const user = await registerViaApi(page, newUser());
  await skipWelcome(page, user.id);
  const today = todayInLondon();
  await addDayShift(page, today);
  await callApi(page, "POST", "/api/shifts", {
    date: addDays(today, 2),
    shiftType: "night",
    startTime: "19:00",
    endTime: "07:00",
  });
  await callApi(page, "POST", "/api/shifts", {
    date: addDays(today, 4),
    shiftType: "rest_day",
    restDayShiftInterest: true,
  });
  return page;
}

/** A day shift on `date`, with an open request asking anyone of the grade to cover it. */
async function askAnyoneToCover(page: Page, date: string) {
  const shift = (await addDayShift(page, date)) as { id: number };
  await callApi(page, "POST", "/api/swap-requests", { requesterShiftId: shift.id });
}

describe("the first screen", () => {
  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`dashboard cards keep their place when their data arrives late (${name})`, async () => {
      const page = await signedInWithShifts(viewport);
      // A shift on the week's last day leaves no two empty days in a row: every day keeps a row of
      // its own, as the placeholder draws them. (Empty days in a row share one, and on a first visit
      // without shifts on the device the card is then shorter than its placeholder.)
      await callApi(page, "POST", "/api/shifts", { date: addDays(todayInLondon(), 6), shiftType: "rest_day" });
      const data = await holdRequests(page, /\/api\/(shifts|swap-requests)(\?|$)/);
      await page.goto("/dashboard");
      // Layout shifts of the whole visit (buffered), summed as the Web Vitals' CLS counts them.
      const cls = await watchLayoutShifts(page, true);
      await page.getByTestId("upcoming-shifts").getByText("Loading your shifts").waitFor({ state: "attached" });
      await page
        .getByTestId("dashboard-swap-requests")
        .getByText("Loading swap requests")
        .waitFor({ state: "attached" });
      await expect.poll(() => data.count()).toBeGreaterThanOrEqual(2);
      const before = await cardBoxes(page);
      expect(before).toHaveLength(4);

      await data.release();
      await expect.poll(() => page.getByTestId("upcoming-shifts").locator("li[data-day]").count()).toBe(7);
      await page.getByTestId("dashboard-swap-requests").getByText("No pending swap requests.").waitFor();
      await expect
        .poll(async () => page.getByTestId("upcoming-shifts").locator("li[data-day]").first().textContent())
        .toMatch(/Day Shift/);
      const after = await cardBoxes(page);
      for (const [i, box] of after.entries()) {
        for (const key of ["x", "y", "width", "height"] as const) {
          expect(Math.abs(box[key] - before[i][key]), `card ${i} ${key}`).toBeLessThan(1);
        }
      }
      expect(await cls()).toBeLessThanOrEqual(0.01);
    });
  }

  test("the schedule keeps its spinner until the shifts are drawn, never saying the calendar is empty", async () => {
    const page = await signedInWithShifts(PHONE);
    const data = await holdRequests(page, /\/api\/shifts(\?|$)/);
    await page.goto("/calendar");
    await page.getByText("Loading your shifts").waitFor({ state: "attached" });
    // Every frame from here on: the empty-calendar hint must never be drawn on the way to the shifts.
    await page.evaluate(() => {
      const w = window as unknown as { sawEmptyHint: boolean };
      w.sawEmptyHint = false;
      new MutationObserver(() => {
        if (document.body.textContent?.includes("Your calendar is empty")) w.sawEmptyHint = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await data.release();
    await page.locator('button[data-shift-type="day"]').first().waitFor();
    await expect.poll(() => page.getByText("Loading your shifts").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { sawEmptyHint: boolean }).sawEmptyHint)).toBe(false);
  });

  test("the session check is requested once, by the page's preload, and reused by the app", async () => {
    const page = await signedInWithShifts(PHONE);
    const userRequests: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/auth/user") userRequests.push(r.resourceType());
    });
    await page.goto("/dashboard");
    await page.getByTestId("upcoming-shifts").locator("li[data-day]").first().waitFor();
    await page.getByRole("heading", { name: /^Welcome, Alex/ }).waitFor();
    expect(userRequests).toHaveLength(1);
  });

  test("files that do not exist are 404, not the app; navigations still get the app", async () => {
    const robots = await rawGet("/robots.txt", { accept: "*/*" });
    expect(robots.status).toBe(200);
    expect(robots.headers["content-type"]).toMatch(/^text\/plain/);
    expect(robots.body.toString("utf8")).toMatch(/^User-agent: \*/m);

    for (const file of ["/x.png", "/assets/missing.js", "/dashboard/logo.svg"]) {
      // Even when a browser asks for it as a page.
      for (const accept of ["image/avif,image/webp,*/*", "text/html,application/xhtml+xml,*/*;q=0.8"]) {
        const res = await rawGet(file, { accept });
        expect(res.status, `${file} with ${accept}`).toBe(404);
        expect(res.headers["content-type"], file).not.toMatch(/html/);
        expect(res.body.toString("utf8")).not.toContain('<div id="root">');
      }
    }
    // A script's fetch of a screen's address is not a navigation either.
    expect((await rawGet("/dashboard", { accept: "*/*", "sec-fetch-dest": "empty" })).status).toBe(404);
    expect((await rawGet("/dashboard", { accept: "application/json" })).status).toBe(404);
    expect((await rawGet("/dashboard", { accept: "text/html", "sec-fetch-dest": "document" })).status).toBe(200);

    // /favicon.ico is a real icon when the app ships one, and a plain 404 otherwise.
    const icon = await rawGet("/favicon.ico", { accept: "image/*" });
    expect([200, 404]).toContain(icon.status);
    expect(icon.headers["content-type"]).not.toMatch(/html/);

    // Built scripts keep being served precompressed, byte for byte what the build wrote.
    const index = await rawGet("/calendar", { accept: "text/html" });
    expect(index.status).toBe(200);
    const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(index.body.toString("utf8"))?.[1];
    expect(entry).toBeTruthy();
    const plain = await rawGet(entry!, { "accept-encoding": "identity" });
    const br = await rawGet(entry!, { "accept-encoding": "br, gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    // A screen's page names that screen's chunks, so they download alongside the entry script.
    const dashboardPage = await rawGet("/dashboard", { accept: "text/html", "accept-encoding": "br, gzip" });
    expect(dashboardPage.headers["content-encoding"]).toBe("br");
    const dashboardHtml = brotliDecompressSync(dashboardPage.body).toString("utf8");
    expect(dashboardHtml).toContain('<div id="root" data-first-paint="signedIn">');
    expect(dashboardHtml).toMatch(/<link rel="modulepreload"[^>]* href="\/assets\/dashboard-page-[^"]+\.js">/);
    expect(dashboardHtml).toMatch(/<link rel="modulepreload"[^>]* href="\/assets\/app-shell-[^"]+\.js">/);
    // The page paints without them, so every script is fetched at low priority.
    const scriptTags = dashboardHtml.match(/<(script type="module"|link rel="modulepreload")[^>]*>/g) ?? [];
    expect(scriptTags.length).toBeGreaterThan(2);
    for (const tag of scriptTags) expect(tag).toContain('fetchpriority="low"');
    const again = await rawGet("/dashboard", {
      accept: "text/html",
      "if-none-match": String(dashboardPage.headers.etag),
    });
    expect(again.status).toBe(304);

    // A signed-out visitor navigating to an address of the app gets the app, which sends them to sign in.
    const page = await browser.newPage(PHONE);
    const res = await page.goto("/dashboard");
    expect(res?.status()).toBe(200);
    expect(res?.headers()["content-type"]).toMatch(/^text\/html/);
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("heading", { name: "Sign In" }).waitFor();
    const unknown = await page.goto("/no-such-screen");
    expect(unknown?.status()).toBe(200);
    await page.getByRole("heading", { name: /not found/i }).waitFor();
  });

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`the page paints its frame before any script has run, where the app then draws it (${name})`, async () => {
      const boxOf = (page: Page, selector: string) =>
        page.locator(selector).evaluate((el) => {
          const r = el.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        });
      const expectSameBox = (a: Record<string, number>, b: Record<string, number>, what: string) => {
        for (const key of ["x", "y", "width", "height"]) {
          expect(Math.abs(a[key] - b[key]), `${what} ${key}`).toBeLessThan(1);
        }
      };
      const banner = 'aside[aria-label="Beta notice"]';

      // Signed out, at /: the sign-in card's heading, from the page alone (scripts held back).
      const out = await browser.newPage(viewport);
      const outScripts = await holdRequests(out, /\/assets\/.*\.js$/);
      await out.goto("/", { waitUntil: "commit" });
      await out.getByRole("heading", { name: "Sign In" }).waitFor();
      await out.getByText("Welcome back. Sign in to manage your shifts and swaps.").waitFor();
      expect(await out.locator("style").count(), "the stylesheet is in the page").toBeGreaterThan(0);
      expect(await out.locator('link[rel="stylesheet"]').count()).toBe(0);
      const outBefore = await boxOf(out, banner);
      await outScripts.release();
      await out.getByLabel("Email").waitFor();
      expectSameBox(await boxOf(out, banner), outBefore, "sign-in banner");

      // Signed in, at /dashboard: the frame and the beta notice before the scripts, in the same place after.
      const page = await signedInWithShifts(viewport);
      // A week whose empty days do not run together, so the rows drawn while loading (one per day) are
      // the rows drawn after. On a first visit with nothing saved, a run of empty days shrinks into one
      // row when the shifts arrive, and the cards below move up by that row (within DESIGN's CLS
      // budget); a saved roster draws the grouped week at once.
      await callApi(page, "POST", "/api/shifts", { date: addDays(todayInLondon(), 6), shiftType: "rest_day" });
      const scripts = await holdRequests(page, /\/assets\/.*\.js$/);
      await page.goto("/dashboard", { waitUntil: "commit" });
      await page
        .locator(banner)
        .getByText(/CrewSwap is still being tested/)
        .waitFor();
      expect(await scripts.count()).toBeGreaterThan(0);
      expect(await page.getByTestId("upcoming-shifts").count(), "no screen content yet").toBe(0);
      const before = await boxOf(page, banner);
      const cls = await watchLayoutShifts(page, true);
      await scripts.release();
      await page.getByTestId("upcoming-shifts").locator("li[data-day]").first().waitFor();
      expectSameBox(await boxOf(page, banner), before, "banner");
      // The app's own frame replaced the page's: one banner, one main landmark.
      expect(await page.locator(banner).count()).toBe(1);
      expect(await page.getByRole("main").count()).toBe(1);
      expect(await cls()).toBeLessThanOrEqual(0.01);
    });
  }

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`/calendar and /swap-requests paint their head before any script, where the screen draws it (${name})`, async () => {
      const screens = [
        {
          path: "/calendar",
          heading: "Your Schedule",
          parts: (page: Page) => [page.getByRole("heading", { level: 1 }), page.getByTestId("schedule-tip")],
          drawn: (page: Page) => page.getByRole("tab", { name: "Calendar" }),
        },
        {
          path: "/swap-requests",
          heading: "Shift Swap Requests",
          parts: (page: Page) => [page.getByRole("heading", { level: 1 }), page.getByTestId("browse-by-hub-card")],
          drawn: (page: Page) => page.getByTestId("swap-requests-card").getByRole("heading", { name: "Swap Requests" }),
        },
      ];
      for (const screen of screens) {
        // A browser of its own for each screen: nothing of the other screen's code in its cache.
        const page = await signedInWithShifts(viewport);
        const scripts = await holdRequests(page, /\/assets\/.*\.js$/);
        await page.goto(screen.path, { waitUntil: "commit" });
        await page.getByRole("heading", { level: 1, name: screen.heading }).waitFor();
        expect(await scripts.count(), screen.path).toBeGreaterThan(0);
        expect(await screen.drawn(page).count(), `${screen.path}: no screen of the app yet`).toBe(0);
        const parts = screen.parts(page);
        const before = await Promise.all(parts.map((part) => part.boundingBox()));
        const cls = await watchLayoutShifts(page, true);
        await scripts.release();
        await screen.drawn(page).waitFor();
        const after = await Promise.all(parts.map((part) => part.boundingBox()));
        for (const [i, box] of after.entries()) {
          for (const key of ["x", "y", "width", "height"] as const) {
            expect(
              Math.abs((box?.[key] ?? -1) - (before[i]?.[key] ?? -99)),
              `${screen.path} part ${i} ${key}`,
            ).toBeLessThan(1);
          }
        }
        // The app's own screen replaced the page's: one heading, one of each part.
        for (const part of parts) expect(await part.count(), screen.path).toBe(1);
        expect(await cls(), screen.path).toBeLessThanOrEqual(0.01);
      }
    });
  }

  test("a schedule tip closed on this device stays out of /calendar's first paint, for that user", async () => {
    // The server's page (the next test: the service worker's).
    const page = await signedInWithShifts(PHONE);
    const tip = page.getByTestId("schedule-tip");
    await page.goto("/calendar");
    await tip.getByRole("button", { name: "Dismiss tip" }).click();
    await tip.waitFor({ state: "detached" });

    const scripts = await holdRequests(page, /\/assets\/.*\.js$/);
    await page.goto("/calendar", { waitUntil: "commit" });
    await page.getByRole("heading", { level: 1, name: "Your Schedule" }).waitFor();
    expect(await tip.count(), "not in the page").toBe(0);
    const cls = await watchLayoutShifts(page, true);
    await scripts.release();
    await page.getByRole("tab", { name: "Calendar" }).waitFor();
    expect(await tip.count(), "nor drawn by the app").toBe(0);
    expect(await cls()).toBeLessThanOrEqual(0.01);
    await page.unroute(/\/assets\/.*\.js$/);

    // Signed out, the next clinician on this phone gets the tip from the first paint on.
    await page.goto("/profile");
    await page.getByRole("button", { name: "Logout" }).first().click();
    await page.getByRole("heading", { name: "Sign In" }).waitFor();
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain("crewswap_schedule_tip");
    await registerViaApi(page, newUser({ firstName: "Sam" }));
    const again = await holdRequests(page, /\/assets\/.*\.js$/);
    await page.goto("/calendar", { waitUntil: "commit" });
    await tip.waitFor();
    await again.release();
    await page.getByRole("tab", { name: "Calendar" }).waitFor();
    expect(await tip.count()).toBe(1);
  });

  test("in the installed app, a schedule tip closed on this device never shows on /calendar", async () => {
    const page = await signedInWithShifts(PHONE, "allow");
    const tip = page.getByTestId("schedule-tip");
    await page.goto("/calendar");
    await tip.getByRole("button", { name: "Dismiss tip" }).click();
    await tip.waitFor({ state: "detached" });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // Every later page of this tab records whether the tip was ever in it, from its first node on.
    await page.addInitScript(() => {
      const w = window as unknown as { tipSeen: boolean };
      w.tipSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="schedule-tip"]')) w.tipSeen = true;
      }).observe(document, { childList: true, subtree: true });
    });
    // The app is drawn before it knows who is signed in (a slow signal, or a busy phone).
    const session = await holdRequests(page, /\/api\/auth\/user$/);
    await page.goto("/calendar");
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), "served by the worker").toBe(true);
    await page.getByRole("heading", { level: 1, name: "Your Schedule" }).waitFor();
    expect(session.count(), "the session is still on its way").toBe(1);
    const cls = await watchLayoutShifts(page, true);
    await session.release();
    await page.getByRole("tab", { name: "Calendar" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { tipSeen: boolean }).tipSeen)).toBe(false);
    expect(await cls()).toBeLessThanOrEqual(0.01);
  });

  test("on a phone, open requests arriving late move nothing on /swap-requests", async () => {
    // A colleague of the same grade asks anyone to cover a shift: 'Looking for a match' lists it.
    const colleague = await browser.newPage(PHONE);
    await registerViaApi(colleague, newUser({ firstName: "Robin", lastName: "Hale" }));
    await askAnyoneToCover(colleague, addDays(todayInLondon(), 6));

    const page = await signedInWithShifts(PHONE);
    const open = await holdRequests(page, /\/api\/swap-requests\/open$/);
    await page.goto("/swap-requests");
    const mine = page.getByTestId("swap-requests-card");
    await mine.getByRole("heading", { name: "Swap Requests" }).waitFor();
    // The card's own list has arrived (its counts are numbers): only the open requests are late.
    await expect.poll(() => mine.getByTestId("pending-count").textContent()).toMatch(/^\d+$/);
    await expect.poll(() => open.count()).toBeGreaterThanOrEqual(1);
    const box = () =>
      mine.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y + window.scrollY, width: r.width, height: r.height };
      });
    const cls = await watchLayoutShifts(page);
    const before = await box();
    await open.release();
    await (await openRequestButton(page.getByTestId("open-requests-card"), "Robin Hale")).waitFor();
    const after = await box();
    for (const key of ["x", "y", "width", "height"] as const) {
      expect(Math.abs(after[key] - before[key]), key).toBeLessThan(1);
    }
    expect(await cls()).toBeLessThanOrEqual(0.01);
  });

  test("'Looking for a match' lists the nearest open requests a page at a time", async () => {
    // A colleague of the same grade asks anyone to cover 22 shifts: more than one page.
    const colleague = await browser.newPage(PHONE);
    await registerViaApi(colleague, newUser({ firstName: "Noor", lastName: "Page" }));
    for (let i = 1; i <= 22; i++) await askAnyoneToCover(colleague, addDays(todayInLondon(), 200 + i));
    const page = await signedInWithShifts(PHONE);
    await page.goto("/swap-requests");
    const card = page.getByTestId("open-requests-card");
    const more = card.getByRole("button", { name: /^Show \d+ more$/ });
    await more.waitFor();
    const total = Number((await card.getByText(/^Showing 20 of \d+$/).textContent())?.split(" of ")[1]);
    expect(total).toBeGreaterThanOrEqual(22);
    expect(await card.getByRole("listitem").count()).toBe(20);
    await more.click();
    const shownNow = Math.min(40, total);
    expect(await card.getByRole("listitem").count()).toBe(shownNow);
    // The keyboard goes on from the first request just shown.
    const first = card.getByRole("listitem").nth(20).getByRole("button");
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  test("a screen whose code arrived before the session check shows no loading spinner on its way", async () => {
    const page = await signedInWithShifts(PHONE);
    // Any spinner that only says 'Loading' (the shell's and the screen's Suspense fallbacks).
    await page.addInitScript(() => {
      const w = window as unknown as { sawLoading: boolean };
      w.sawLoading = false;
      new MutationObserver(() => {
        for (const s of document.querySelectorAll('[role="status"]')) {
          if (s.textContent === "Loading") w.sawLoading = true;
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const scripts = new Set<string>();
    page.on("request", (r) => r.resourceType() === "script" && scripts.add(r.url()));
    page.on("requestfinished", (r) => scripts.delete(r.url()));
    const session = await holdRequests(page, /\/api\/auth\/user$/);
    await page.goto("/profile", { waitUntil: "domcontentloaded" });
    await expect.poll(() => session.count()).toBe(1);
    // Every script the page asked for has arrived, and had time to run.
    await expect.poll(() => scripts.size).toBe(0);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
    await session.release();
    await page.getByRole("heading", { name: "Personal Information" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sawLoading: boolean }).sawLoading)).toBe(false);
  });

  test("a signed-in screen asks for its data as soon as the session is known, not once it has mounted", async () => {
    const page = await signedInWithShifts(PHONE);
    const asked: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith("/api/")) asked.push(url.pathname);
    });
    // The app shell's code is held back, so the screen cannot mount: only the early request can ask.
    const shell = await holdRequests(page, /\/assets\/app-shell-[^/]+\.js$/);
    await page.goto("/dashboard", { waitUntil: "domcontentloaded" });
    await expect.poll(() => shell.count()).toBe(1);
    await expect.poll(() => asked).toEqual(expect.arrayContaining(["/api/shifts", "/api/swap-requests"]));
    expect(await page.getByTestId("upcoming-shifts").count(), "the screen has not mounted").toBe(0);
    await shell.release();
    await page.getByTestId("upcoming-shifts").locator("li[data-day]").first().waitFor();
    await page.getByTestId("dashboard-swap-requests").getByText("No pending swap requests.").waitFor();
    // The screen found its data on its way: asked for once each.
    expect(asked.filter((p) => p === "/api/shifts")).toHaveLength(1);
    expect(asked.filter((p) => p === "/api/swap-requests")).toHaveLength(1);

    // Signed out, nothing is asked for before the session check says so (a 401 would reload the page).
    const out = await browser.newPage(PHONE);
    const outAsked: string[] = [];
    out.on("request", (r) => outAsked.push(new URL(r.url()).pathname));
    await out.goto("/dashboard");
    await out.getByRole("heading", { name: "Sign In" }).waitFor();
    expect(outAsked.filter((p) => p.startsWith("/api/") && p !== "/api/auth/user")).toEqual([]);
  });

  test("a signed-in screen's first download carries no validation library", async () => {
    // zod validates forms (sign-in, profile) and socket events; a screen's first paint needs neither.
    for (const screen of ["/dashboard", "/calendar", "/swap-requests", "/messages"]) {
      const html = (await rawGet(screen, { accept: "text/html" })).body.toString("utf8");
      const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
      expect(files.length, screen).toBeGreaterThan(1);
      for (const file of files) {
        const body = (await rawGet(file, { "accept-encoding": "identity" })).body.toString("utf8");
        expect(body.includes("ZodError"), `${screen}: ${file}`).toBe(false);
      }
    }
    // The sign-in page does load it, for its form: the check above can see it.
    const signIn = (await rawGet("/", { accept: "text/html" })).body.toString("utf8");
    const signInFiles = [...signIn.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    const bodies = await Promise.all(signInFiles.map((f) => rawGet(f, { "accept-encoding": "identity" })));
    expect(bodies.some((b) => b.body.toString("utf8").includes("ZodError"))).toBe(true);
  });

  test("screens with forms break no rule of the page's Content-Security-Policy", async () => {
    const watch = async (page: Page) => {
      await page.context().addInitScript(() => {
        const w = window as unknown as { violations: string[] };
        w.violations = [];
        document.addEventListener("securitypolicyviolation", (e) =>
          w.violations.push(`${e.violatedDirective} at ${e.sourceFile}:${e.lineNumber}`),
        );
      });
      return () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    };
    // The sign-in and sign-up forms validate with zod; so do the profile's.
    const out = await browser.newPage(PHONE);
    const outViolations = await watch(out);
    await out.goto("/");
    await out.getByLabel("Email").fill("someone@nhs.net");
    await out.getByRole("tab", { name: "Sign Up" }).click();
    await out.getByLabel("First name").waitFor();
    expect(await outViolations()).toEqual([]);

    const page = await signedInWithShifts(PHONE);
    const violations = await watch(page);
    await page.goto("/profile");
    await page.getByRole("form", { name: "Personal Information" }).waitFor();
    expect(await violations()).toEqual([]);
  });

  test("moving between screens keeps the tab bar on screen in every frame", async () => {
    const page = await signedInWithShifts(PHONE);
    await page.goto("/dashboard");
    await page.getByTestId("upcoming-shifts").locator("li[data-day]").first().waitFor();
    const tabs = page.getByTestId("tab-bar");
    // A phone's slower processor: a screen that rendered in the background would span frames.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    for (const [tab, heading] of [
      ["Calendar", "Your Schedule"],
      ["Dashboard", /^Welcome, Alex/],
    ] as const) {
      // Whether a tab bar is in the page, sampled every frame from the tap until the screen is up.
      await page.evaluate(() => {
        const w = window as unknown as { frames_: boolean[]; sampling: boolean };
        w.frames_ = [];
        w.sampling = true;
        const sample = () => {
          w.frames_.push(document.querySelector('[data-testid="tab-bar"]') !== null);
          if (w.sampling) requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      });
      await tabs.getByRole("link", { name: tab }).click();
      await page.getByRole("heading", { name: heading }).waitFor();
      await page.waitForTimeout(300);
      const frames = await page.evaluate(() => {
        const w = window as unknown as { frames_: boolean[]; sampling: boolean };
        w.sampling = false;
        return w.frames_;
      });
      expect(frames.length, tab).toBeGreaterThan(3);
      expect(frames.every(Boolean), `frames without a tab bar going to ${tab}`).toBe(true);
    }
  });

  test("without JavaScript the page says so, instead of a frame that never finishes loading", async () => {
    const page = await browser.newPage(PHONE, { javaScriptEnabled: false });
    for (const screen of ["/", "/dashboard"]) {
      await page.goto(screen);
      // What is drawn (Playwright's text search leaves <noscript> out, so read the rendered text).
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, not every node's, is what a visitor sees
      expect(await page.evaluate(() => document.body.innerText.trim()), screen).toBe(
        "CrewSwap needs JavaScript to run. Please enable it in your browser.",
      );
      expect(await page.locator("#root").isVisible(), screen).toBe(false);
    }
  });
});
