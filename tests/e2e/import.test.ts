import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { dateCell, sheetOf, workbook } from "../fixtures/workbooks";
import {
  addDayShift,
  axeViolations,
  browserPerFile,
  calendarDayName,
  callApi,
  DESKTOP,
  markOffDayAvailable,
  newUser,
  nextMonthDay,
  PHONE,
  registerViaApi,
  screenshot,
  skipWelcome,
} from "./helpers";

const browser = browserPerFile();

async function signedInPage(viewport = DESKTOP, firstName = "Riley", lastName?: string): Promise<Page> {
  const page = await browser.newPage(viewport);
  const { id } = await registerViaApi(page, newUser({ firstName, ...(lastName ? { lastName } : {}) }));
  await skipWelcome(page, id);
  return page;
}

const uk = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function openImportTab(page: Page) {
  await page.goto("/calendar");
  await page.getByRole("heading", { name: "Your Schedule" }).waitFor();
  await page.getByRole("tab", { name: "Import Excel" }).click();
  await page.getByRole("heading", { name: "Import from Excel" }).waitFor();
}

const fileInput = (page: Page) => page.locator('input[type="file"]');
const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });

describe("import from Excel", () => {
  test("a clinician uploads their employer roster and sees the shifts on the calendar", async () => {
    const page = await signedInPage();
    const [day, night, rest] = [nextMonthDay(3), nextMonthDay(4), nextMonthDay(5)];
    const roster = workbook({
      Roster: sheetOf([
        ["Ambulance Service roster"],
        ["Staff: R Morgan"],
        [],
        ["Duty Date", "Duty", "Start", "Finish", "Comments"],
        [uk(day), "D", "07:00", "19:00", "Crew with Sam"],
        [dateCell(night), "N", "19:00", "07:00", null],
        [uk(rest), "RD", null, null, null],
        ["Total hours", null, null, null, "24"],
      ]),
    });

    await openImportTab(page);
    const importButton = page.getByRole("button", { name: "Import shifts" });
    expect(await importButton.isDisabled()).toBe(true);

    await fileInput(page).setInputFiles({ name: "roster.xlsx", mimeType: XLSX_TYPE, buffer: roster });
    await page.getByText("roster.xlsx", { exact: true }).waitFor();
    await importButton.click();

    await toast(page, "Import successful").waitFor();
    await toast(page, "Successfully imported 3 shifts").waitFor();
    await page.getByText("3 shifts imported from roster.xlsx.", { exact: false }).waitFor();
    await page.getByRole("heading", { name: "1 row skipped" }).waitFor();
    await page.getByText("Unrecognised date 'Total hours'").waitFor();
    expect(await page.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");

    // The same file cannot go twice until it is cleared.
    expect(await importButton.isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Choose file" }).isDisabled()).toBe(true);
    await screenshot(page, "import-desktop");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Clear file" }).click();
    expect(await page.getByRole("button", { name: "Choose file" }).isDisabled()).toBe(false);

    await page.getByRole("tab", { name: "Calendar" }).click();
    await page.getByRole("button", { name: "Next month" }).click();
    await page
      .getByRole("button", { name: `Day Shift, 7:00 AM – 7:00 PM, ${calendarDayName(day)}`, exact: true })
      .waitFor();
    await page
      .getByRole("button", { name: `Night Shift, 7:00 PM – 7:00 AM, ${calendarDayName(night)}`, exact: true })
      .waitFor();
    await page.getByRole("button", { name: `Rest Day, ${calendarDayName(rest)}`, exact: true }).waitFor();
  });

  test("the tab refuses a wrong type or an oversized file before uploading, and offers the template", async () => {
    const page = await signedInPage(PHONE);
    await openImportTab(page);

    await fileInput(page).setInputFiles({
      name: "roster.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("Date,Shift"),
    });
    await toast(page, "Invalid file type").waitFor();
    await toast(page, "Please upload an Excel file (.xlsx, .xls)").waitFor();
    expect(await page.getByRole("button", { name: "Import shifts" }).isDisabled()).toBe(true);

    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x41);
    await fileInput(page).setInputFiles({ name: "huge.xlsx", mimeType: XLSX_TYPE, buffer: big });
    await toast(page, "File too large").waitFor();
    await toast(page, "Maximum file size is 5MB").waitFor();
    expect(await page.getByRole("button", { name: "Import shifts" }).isDisabled()).toBe(true);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download the roster template" }).click();
    expect((await download).suggestedFilename()).toBe("crewswap-roster-template.xlsx");
    await screenshot(page, "import-phone");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a file the server refuses shows 'Import failed' with its reason and changes nothing", async () => {
    const page = await signedInPage();
    await openImportTab(page);
    const notExcel = Buffer.from("Date,Shift\n03/11/2030,Day\n");
    await fileInput(page).setInputFiles({ name: "renamed.xlsx", mimeType: XLSX_TYPE, buffer: notExcel });
    await page.getByRole("button", { name: "Import shifts" }).click();
    await toast(page, "Import failed").waitFor();
    await page
      .getByText(/^Invalid file type/)
      .first()
      .waitFor();
    // Nothing claims the upload finished above the error.
    expect(await page.getByText("Upload finished").count()).toBe(0);
    expect(await page.getByRole("progressbar").count()).toBe(0);
    // A failed upload may be retried or replaced: the controls stay open.
    expect(await page.getByRole("button", { name: "Import shifts" }).isDisabled()).toBe(false);
    const shifts = await page.evaluate(async () => (await fetch("/api/shifts")).json());
    expect(shifts).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`a re-import keeps an agreed swap, says why, and lets the file win after asking (${viewport.width} px)`, async () => {
      const tag = String(Date.now()).slice(-6);
      const ava = await signedInPage(viewport, "Ava");
      const ben = await signedInPage(DESKTOP, "Ben", `Swapper${tag}`);
      const day = nextMonthDay(viewport === DESKTOP ? 8 : 9);
      const shift = await addDayShift(ava, day);
      await markOffDayAvailable(ben, day);
      const benId = (await callApi(ben, "GET", "/api/auth/user")).id;
      const request = await callApi(ava, "POST", "/api/swap-requests", {
        requesterShiftId: shift.id,
        responderId: benId,
        introMessage: "Could you take my day?",
      });
      await callApi(ava, "POST", `/api/swap-requests/${request.id}/agree`);
      await callApi(ben, "POST", `/api/swap-requests/${request.id}/agree`);

      // Ava's roster file still shows her working that day.
      await openImportTab(ava);
      const roster = workbook({
        Roster: [
          ["Date", "Shift", "Start", "End"],
          [uk(day), "D", "07:00", "19:00"],
        ],
      });
      await fileInput(ava).setInputFiles({ name: "roster.xlsx", mimeType: XLSX_TYPE, buffer: roster });
      await ava.getByRole("button", { name: "Import shifts" }).click();
      await ava.getByRole("heading", { name: "1 day kept for your swap" }).waitFor();
      await ava
        .getByText(
          `Kept your swap with Ben Swapper${tag} on ${uk(day)}; your roster file does not show it yet. Has it been approved on GRS?`,
        )
        .waitFor();
      const own = async () =>
        ((await callApi(ava, "GET", "/api/shifts")) as { date: string; shiftType: string }[])
          .filter((s) => s.date === day)
          .map((s) => s.shiftType);
      expect(await own()).toEqual(["rest_day"]);
      await screenshot(ava, `import-kept-${viewport.width}`);
      expect(await axeViolations(ava)).toEqual([]);

      await ava.getByRole("button", { name: "Use my roster file for this day" }).click();
      const dialog = ava.getByRole("alertdialog", { name: "Use your roster file instead of your swaps?" });
      await dialog.waitFor();
      await screenshot(ava, `import-kept-confirm-${viewport.width}`, { fullPage: false });
      await dialog.getByRole("button", { name: "Use the file" }).click();
      await ava.getByText("1 shift imported from roster.xlsx.", { exact: false }).waitFor();
      expect(await ava.getByRole("heading", { name: "1 day kept for your swap" }).count()).toBe(0);
      expect(await own()).toEqual(["day"]);
    });
  }
});
