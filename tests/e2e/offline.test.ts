import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import {
  addDayShift,
  axeViolations,
  browserPerFile,
  calendarDayName,
  callApi,
  DESKTOP,
  markOffDayAvailable,
  newUser,
  PHONE,
  registerViaApi,
  screenshot,
  skipWelcome,
  storedValues,
} from "./helpers";
import { controlledBy } from "./push-helpers";

const browser = browserPerFile();

describe("offline reading", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`the installed app opens offline with the roster at ${viewport.width}px, refuses changes, and logout empties the cache`, async () => {
      const page = await browser.newPage(viewport);
      const user = newUser({ firstName: "Olive", lastName: "Oakes" });
      const { id } = await registerViaApi(page, user);
      await skipWelcome(page, id);
      const today = todayInLondon();
      await addDayShift(page, today);

      await page.goto("/dashboard");
      const upcoming = page.getByTestId("upcoming-shifts");
      await upcoming.locator(`li[data-day="${today}"]`).getByText("Day Shift").waitFor();
      // The offline copy is written at most twice a second; wait for it before leaving the page.
      await expect
        .poll(
          async () => {
            const stored = (await storedValues(page)).join("");
            return stored.includes(user.email) && stored.includes(`"queryKey":["shifts","list"]`);
          },
          { timeout: 10_000 },
        )
        .toBe(true);

      await controlledBy(page);
      await page.goto("/calendar");
      const chip = page.getByRole("button", { name: `Day Shift, 7:00 AM – 7:00 PM, ${calendarDayName(today)}` });
      await chip.waitFor();
      await page.goto("/profile");
      const email = page.getByRole("checkbox", { name: /Email me a summary/ });
      await expect.poll(() => email.isChecked()).toBe(true);
      await expect
        .poll(async () => (await storedValues(page)).join("").includes(`"queryKey":["notifications","settings"]`), {
          timeout: 10_000,
        })
        .toBe(true);
      await page.context().setOffline(true);
      await page.goto("/dashboard");
      const banner = page.getByRole("status").filter({ hasText: "You are offline. Showing your data as of" });
      await banner.waitFor();
      await upcoming.locator(`li[data-day="${today}"]`).getByText("Day Shift").waitFor();
      await screenshot(page, `offline-dashboard-${viewport.width}`, { fullPage: false });

      await page.reload();
      await banner.waitFor();
      await page.goto("/calendar");
      await chip.waitFor();
      await banner.waitFor();
      await expectOffReason(page, page.getByRole("button", { name: `Add shift on ${calendarDayName(today)}` }));
      await chip.click();
      const dialog = page.getByRole("dialog");
      await expectOffReason(page, dialog.getByRole("button", { name: "Edit", exact: true }));
      await expectOffReason(page, dialog.getByRole("button", { name: "Delete", exact: true }));
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `offline-calendar-${viewport.width}`, { fullPage: false });
      await dialog.getByRole("button", { name: "Close", exact: true }).first().click();

      // Changes are disabled, with the reason.
      await page.goto("/profile");
      await expect.poll(() => email.isChecked()).toBe(true);
      expect(await email.isDisabled()).toBe(true);
      await page.getByText("You are offline. Changes need a connection.", { exact: true }).waitFor();
      await screenshot(page, `offline-profile-${viewport.width}`, { fullPage: false });

      // Logout clears the device: online at 1280 px; at 390 px without a signal, the server session
      // then ending as soon as the device is back online.
      const offlineLogout = viewport === PHONE;
      if (!offlineLogout) {
        await page.context().setOffline(false);
        await page.evaluate(() => window.dispatchEvent(new Event("online")));
        await expect.poll(() => banner.count()).toBe(0);
      }
      await page.getByRole("button", { name: "Logout" }).first().click();
      await page.waitForURL((url) => url.pathname === "/");
      if (offlineLogout) await page.getByText("Logged out on this device").first().waitFor();
      await page.waitForTimeout(2000);
      const left = await storedValues(page);
      expect(left.join("")).not.toContain(user.email);
      expect(left.join("")).not.toContain("Oakes");
      expect(left.join("")).not.toContain(today);
      if (offlineLogout) {
        await page.reload();
        await page.getByRole("heading", { name: "Sign In" }).waitFor();
        await page.context().setOffline(false);
        await page.evaluate(() => window.dispatchEvent(new Event("online")));
        await expect
          .poll(() => page.evaluate(() => fetch("/api/auth/user").then((r) => r.status)), { timeout: 10_000 })
          .toBe(401);
        await page.reload();
        await page.getByLabel("Email").waitFor();
        expect(await page.evaluate(() => localStorage.getItem("crewswap-pending-logout"))).toBeNull();
      }
    });
  }
});

describe("offline requests and messages", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`at ${viewport.width}px the last requests and conversation show offline, their actions say why they are off, and a typed message stays`, async () => {
      const ava = await browser.newPage(DESKTOP);
      const avaUser = newUser({ firstName: "Ava", lastName: `Offline${Date.now().toString(36).slice(-4)}` });
      await skipWelcome(ava, (await registerViaApi(ava, avaUser)).id);
      const page = await browser.newPage(viewport);
      const ben = newUser({ firstName: "Ben", lastName: "Rowe" });
      const { id: benId } = await registerViaApi(page, ben);
      await skipWelcome(page, benId);

      const date = addDays(todayInLondon(), 9);
      await markOffDayAvailable(page, date);
      const shift = await addDayShift(ava, date);
      const request = await callApi(ava, "POST", "/api/swap-requests", {
        requesterShiftId: shift.id,
        responderId: benId,
      });
      await callApi(ava, "POST", "/api/messages", { swapRequestId: request.id, content: "Could you take my Friday?" });

      // Online first: the requests list and the conversation reach the device.
      await page.goto("/swap-requests");
      await page.getByText(`${avaUser.firstName} ${avaUser.lastName}`).first().waitFor();
      await controlledBy(page);
      // The phone's conversation screen does not load the list, so it must be stored before leaving.
      await expect
        .poll(async () => (await storedValues(page)).join("").includes(`"queryKey":["swap-requests","mine"]`), {
          timeout: 10_000,
        })
        .toBe(true);
      await page.goto(`/messages?request=${request.id}`);
      const details = page.getByTestId("swap-details");
      await details.getByRole("button", { name: "Reject request" }).waitFor();
      await page.getByTestId("chat-message").getByText("Could you take my Friday?").waitFor();
      await expect
        .poll(
          async () => {
            const stored = (await storedValues(page)).join("");
            return (
              stored.includes(`"queryKey":["swap-requests","mine"]`) &&
              stored.includes(`"queryKey":["swap-requests","detail",${request.id}]`) &&
              stored.includes("Could you take my Friday?")
            );
          },
          { timeout: 10_000 },
        )
        .toBe(true);

      await page.context().setOffline(true);
      const banner = page.getByRole("status").filter({ hasText: "You are offline. Showing your data as of" });

      await page.goto("/swap-requests");
      await page.reload();
      await banner.waitFor();
      await page.getByText(`${avaUser.firstName} ${avaUser.lastName}`).first().waitFor();
      const newRequest = page.getByRole("button", { name: "New swap request" });
      await expectOffReason(page, newRequest);
      await screenshot(page, `offline-swap-requests-${viewport.width}`, { fullPage: false });

      await page.goto(`/messages?request=${request.id}`);
      await banner.waitFor();
      await page.getByTestId("chat-message").getByText("Could you take my Friday?").waitFor();
      await expectOffReason(page, details.getByRole("button", { name: "Reject request" }));
      const send = page.getByRole("button", { name: "Send message" });
      await expectOffReason(page, send);

      // Typing offline: the words stay in the box, Enter does not send, and the page says so.
      const box = page.getByRole("textbox", { name: "Message" });
      await box.fill("Yes, I can do it");
      await box.press("Enter");
      const note = page.getByText("You are offline. This message has not been sent; it stays here until you send it.", {
        exact: true,
      });
      await note.waitFor();
      expect(await box.inputValue()).toBe("Yes, I can do it");
      expect(await box.getAttribute("aria-describedby")).toBe(await note.getAttribute("id"));
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `offline-messages-${viewport.width}`);
      expect(await page.getByText("Could not connect to chat server", { exact: false }).count()).toBe(0);

      // Back online, the kept text goes out with one press.
      await page.context().setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event("online")));
      await expect.poll(() => banner.count()).toBe(0);
      expect(await box.inputValue()).toBe("Yes, I can do it");
      await expect.poll(() => send.isDisabled(), { timeout: 5_000 }).toBe(false);
      await send.click();
      await expect.poll(() => box.inputValue()).toBe("");
      await page.getByTestId("chat-message").getByText("Yes, I can do it").waitFor();
    });
  }
});

/** The control is disabled and tells why: a tooltip and its accessible description. */
async function expectOffReason(page: Page, control: Locator) {
  await control.waitFor();
  expect(await control.isDisabled()).toBe(true);
  expect(await control.getAttribute("title")).toBe("You are offline");
  const describedBy = (await control.getAttribute("aria-describedby")) ?? "";
  const reasons = await page.evaluate(
    (ids) => ids.map((id) => document.getElementById(id)?.textContent ?? ""),
    describedBy.split(" ").filter(Boolean),
  );
  expect(reasons).toContain("You are offline");
}
