import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { workbook } from "../fixtures/workbooks";
import { addDayShift, browserPerFile, callApi, nextMonthDay, PHONE, seekingClinician, type Viewport } from "./helpers";

const browser = browserPerFile();
const shots = path.join(os.tmpdir(), "crewswap-toast-shots");

/** A clinician at Lichfield the hub browser lists (urgently seeking swaps). */
const clinician = (firstName: string, lastName: string, viewport: Viewport = PHONE) =>
  seekingClinician(browser, { firstName, lastName, paramedicBase: "Lichfield" }, viewport);

/**
 * What the showing toast hides: every enabled control on the screen (not behind an open dialog)
 * whose box meets the toast's, or whose centre hits the toast rather than the control.
 */
async function controlsUnderToast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toast = document.querySelector("[data-testid=toast][data-state=open]");
    if (!toast) return ["no toast is showing"];
    const t = toast.getBoundingClientRect();
    const hidden: string[] = [];
    if (t.top < 0 || t.bottom > window.innerHeight) hidden.push(`the toast is off the screen (${t.top}-${t.bottom})`);
    const controls = document.querySelectorAll(
      "a[href], button, input, select, textarea, [role=button], [role=tab], [role=radio], [role=checkbox], [role=combobox]",
    );
    for (const control of Array.from(controls)) {
      if (toast.contains(control) || (control as HTMLButtonElement).disabled) continue;
      if (control.closest("[aria-hidden=true], [inert]")) continue;
      const b = control.getBoundingClientRect();
      if (b.width <= 1 || b.height <= 1 || getComputedStyle(control).visibility === "hidden") continue;
      if (b.bottom <= 0 || b.top >= window.innerHeight || b.right <= 0 || b.left >= window.innerWidth) continue;
      const name = `${control.tagName.toLowerCase()} '${(control.getAttribute("aria-label") ?? control.textContent ?? "").trim().slice(0, 40)}'`;
      if (b.left < t.right && b.right > t.left && b.top < t.bottom && b.bottom > t.top) hidden.push(`covers ${name}`);
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      // Something else may lie over it (the tab bar, a sticky header): only the toast is asked about here.
      if (hit && toast.contains(hit)) hidden.push(`takes the tap meant for ${name}`);
    }
    return hidden;
  });
}

async function expectNothingHidden(page: Page, title: string) {
  await page.getByTestId("toast").filter({ hasText: title }).waitFor();
  await expect.poll(() => controlsUnderToast(page)).toEqual([]);
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${title.toLowerCase().replaceAll(" ", "-")}-phone.png`) });
}

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const uk = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

describe("toasts on a phone", () => {
  test("'Clinician selected', 'Rest day selected' over the wizard and 'Import successful' hide no control", async () => {
    const tag = String(Date.now()).slice(-6);
    const offDay = nextMonthDay(6);
    for (const first of ["Cole", "Dina", "Eli"]) {
      const colleague = await clinician(first, `Toastrow${tag}`);
      await callApi(colleague.page, "POST", "/api/shifts", {
        date: nextMonthDay(7),
        shiftType: "seeking_coverage",
        startTime: "07:00",
        endTime: "19:00",
      });
      await callApi(colleague.page, "POST", "/api/shifts", {
        date: offDay,
        shiftType: "rest_day",
        restDayShiftInterest: true,
      });
    }
    const ava = await clinician("Ava", `Toasted${tag}`);
    const a = ava.page;
    await addDayShift(a, offDay);

    await a.goto("/swap-requests");
    await a.getByRole("button", { name: "Select Hub & Browse Clinicians" }).click();
    await a.getByRole("radio", { name: "Lichfield Hub" }).click();
    await a.getByRole("button", { name: "Browse Clinicians" }).click();
    const hub = a.getByTestId("clinician-browser");
    await hub.getByRole("button", { name: /View All Active Users/ }).click();
    const cole = hub.getByTestId("clinician-row").filter({ hasText: `Cole Toastrow${tag}` });
    await cole.getByRole("button", { name: /^Show details/ }).click();
    await expectNothingHidden(a, "Clinician selected");

    await cole.getByRole("button", { name: /^Request a swap with/ }).click();
    const wizard = a.getByRole("dialog", { name: `Request a swap with Cole Toastrow${tag}` });
    await wizard.getByRole("button", { name: "Back" }).waitFor();
    await expectNothingHidden(a, "Rest day selected");
    await a.keyboard.press("Escape");

    await a.goto("/calendar");
    await a.getByRole("tab", { name: "Import Excel" }).click();
    const roster = workbook({
      Roster: [
        ["Date", "Shift", "Start", "End"],
        [uk(nextMonthDay(20)), "D", "07:00", "19:00"],
      ],
    });
    await a.locator('input[type="file"]').setInputFiles({ name: "roster.xlsx", mimeType: XLSX_TYPE, buffer: roster });
    await a.getByRole("button", { name: "Import shifts" }).click();
    await expectNothingHidden(a, "Import successful");
  });
});
