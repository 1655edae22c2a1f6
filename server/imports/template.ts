import { addDays } from "../../common/dates";

export const TEMPLATE_FILENAME = "crewswap-roster-template.xlsx";
export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const EXAMPLE_NOTE = "Example: replace with your own shifts";

/** Excel's serial number of a yyyy-MM-dd day (1900 date system). */
function serial(day: string): number {
  const [y, m, d] = day.split("-").map(Number);
  return (Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000;
}

/** Next Monday after the given day (yyyy-MM-dd). */
function nextMonday(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, ((8 - weekday) % 7) + (weekday === 1 ? 7 : 0));
}

const HOW_TO: string[][] = [
  ["How to fill in your CrewSwap roster"],
  [],
  ["Put one shift per row on the Roster sheet, under its headings. Keep the heading row."],
  ["Delete the example rows before you import the file."],
  [],
  ["Column", "What to write"],
  ["Date", "The day the shift starts, as 03/11/2026 (day first) or a date picked in Excel."],
  ["Shift", "A word or code from the list below. Leave it empty to work it out from the start time."],
  ["Start", "The start time, as 07:00 or 0700. Nights start on their date and end the next morning."],
  ["End", "The end time, as 19:00 or 1900. Times are kept on 15-minute steps."],
  ["Notes", "Anything you want to see on the shift (optional)."],
  [],
  ["Code", "Means"],
  ["Day, D, Early, E, Long Day, LD", "Day shift"],
  ["Night, N", "Night shift"],
  ["Late, L", "Day or night by its times: a Late 14:00–22:00 is a day shift"],
  ["Rest, Rest Day, RD, R, Off, Day Off", "Rest day"],
  ["Available, AOD", "Rest day you are happy to work (Available Off Day)"],
  ["Annual Leave, AL, A, Leave, Holiday", "Annual leave"],
  ["Seeking Coverage, SC", "A shift you want someone to cover"],
  [],
  ["Importing a newer roster replaces the shifts on the days it lists; other days stay as they are."],
  ["Days with a shift in an open swap request are left as they are, and listed after the import."],
];

/** The ready-to-fill roster workbook offered on the Import Excel tab. */
export async function buildTemplate(today: string): Promise<Buffer> {
  const XLSX = await import("@e965/xlsx");
  const monday = nextMonday(today);
  const examples: Array<[number, string, string, string]> = [
    [0, "Day", "07:00", "19:00"],
    [1, "Day", "07:00", "19:00"],
    [2, "Night", "19:00", "07:00"],
    [3, "Night", "19:00", "07:00"],
    [4, "Rest", "", ""],
    [5, "Rest", "", ""],
    [6, "AL", "", ""],
  ];
  const roster = XLSX.utils.aoa_to_sheet([["Date", "Shift", "Start", "End", "Notes"]]);
  examples.forEach(([offset, shift, start, end], i) => {
    const r = i + 2;
    roster[`A${r}`] = { t: "n", v: serial(addDays(monday, offset)), z: "dd/mm/yyyy" };
    roster[`B${r}`] = { t: "s", v: shift };
    if (start) roster[`C${r}`] = { t: "s", v: start };
    if (end) roster[`D${r}`] = { t: "s", v: end };
    roster[`E${r}`] = { t: "s", v: EXAMPLE_NOTE };
  });
  roster["!ref"] = `A1:E${examples.length + 1}`;
  roster["!cols"] = [{ wch: 12 }, { wch: 10 }, { wch: 8 }, { wch: 8 }, { wch: 40 }];

  const howTo = XLSX.utils.aoa_to_sheet(HOW_TO);
  howTo["!cols"] = [{ wch: 38 }, { wch: 80 }];

  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, roster, "Roster");
  XLSX.utils.book_append_sheet(workbook, howTo, "How to fill");
  return XLSX.write(workbook, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}
