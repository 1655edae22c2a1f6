import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import {
  axeViolations,
  browserPerFile,
  callApi,
  DESKTOP,
  newUser,
  PHONE,
  registerViaApi,
  skipWelcome,
} from "./helpers";

const browser = browserPerFile();
const shots = process.env.SCREENSHOT_DIR;
beforeAll(() => {
  if (shots) mkdirSync(shots, { recursive: true });
});

const notificationsCard = (page: Page) =>
  page.locator("[data-slot=card]").filter({ has: page.getByText("Notifications", { exact: true }) });

describe("quiet times and the daily cover-alert limit on the Notifications card", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`are set, kept after a reload and read plainly at ${viewport.width}px`, async () => {
      const page = await browser.newPage(viewport);
      const { id } = await registerViaApi(page, newUser({ firstName: "Quin", lastName: "Quiet" }));
      await skipWelcome(page, id);
      await page.goto("/profile");
      const card = notificationsCard(page);
      const hours = card.getByRole("checkbox", { name: "Quiet hours every day" });
      const afterNight = card.getByRole("checkbox", { name: /^Quiet after a night shift/ });
      await expect.poll(() => hours.isEnabled()).toBe(true);
      expect(await hours.isChecked()).toBe(false);
      expect(await afterNight.isChecked()).toBe(false);
      const limit = card.getByRole("combobox", { name: "Push notifications about cover a day" });
      expect(await limit.inputValue()).toBe("5");

      await hours.click();
      const from = card.getByRole("combobox", { name: "From" });
      const until = page.locator("#quiet-hours-end");
      // Offered as 10:00 PM to 7:00 AM.
      await expect.poll(() => until.inputValue()).toBe("07:00");
      expect(await from.inputValue()).toBe("22:00");
      await from.selectOption("23:00");
      await expect.poll(() => from.inputValue()).toBe("23:00");
      await until.selectOption("06:30");
      await afterNight.click();
      const afterUntil = page.locator("#quiet-after-night-until");
      await expect.poll(() => afterUntil.inputValue()).toBe("15:00");
      await afterUntil.selectOption("14:00");
      await limit.selectOption("2");
      await expect
        .poll(() => callApi(page, "GET", "/api/notifications/settings"))
        .toMatchObject({
          quietHours: { start: "23:00", end: "06:30" },
          quietAfterNight: { until: "14:00" },
          coverAlertsPerDay: 2,
        });

      // The same start and end is refused in plain words, and the stored window stays.
      await expect.poll(() => from.isEnabled()).toBe(true);
      await from.selectOption("06:30");
      await page.getByText("Quiet hours must start and end at different times").first().waitFor();
      await expect.poll(() => from.inputValue()).toBe("23:00");

      // After a reload the device's copy may show first; the server's answer follows at once.
      await page.reload();
      await expect.poll(() => hours.isChecked()).toBe(true);
      await expect.poll(() => afterNight.isChecked()).toBe(true);
      await expect.poll(() => from.inputValue()).toBe("23:00");
      await expect.poll(() => until.inputValue()).toBe("06:30");
      await expect.poll(() => afterUntil.inputValue()).toBe("14:00");
      await expect.poll(() => limit.inputValue()).toBe("2");
      expect(await until.locator("option:checked").textContent()).toBe("6:30 AM");

      await card.scrollIntoViewIfNeeded();
      if (shots) {
        await card.screenshot({ path: `${shots}/quiet-card-${viewport.width}.png` });
        await page.screenshot({ path: `${shots}/quiet-profile-${viewport.width}.png`, fullPage: true });
      }
      expect(await axeViolations(page)).toEqual([]);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await hours.click();
      await expect.poll(() => callApi(page, "GET", "/api/notifications/settings")).toMatchObject({ quietHours: null });
      expect(await page.locator("#quiet-hours-start").count()).toBe(0);
    });
  }
});
