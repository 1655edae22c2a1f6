import { describe, expect, it } from "vitest";
import {
  applyChoice,
  dayFromUkText,
  emptyForm,
  formFromShift,
  PRESERVING_TIMES,
  toSubmission,
  USING_DEFAULT_TIMES,
  ukDateText,
} from "../../client/src/features/shifts/shift-form-rules";
import { choiceOf } from "../../client/src/lib/shift-style";
import { formatTime12, timeOptions } from "../../client/src/lib/shift-times";
import type { Shift } from "../../common/shifts";

let nextId = 1;
function shift(overrides: Partial<Shift>): Shift {
  return {
    id: nextId++,
    userId: 1,
    date: "2031-05-05",
    shiftType: "day",
    startTime: "07:00",
    endTime: "19:00",
    location: null,
    notes: null,
    isProtected: false,
    restDayShiftInterest: false,
    createdAt: "2031-01-01T00:00:00.000Z",
    ...overrides,
  };
}

const none = { sameDayShifts: [] as Shift[] };

describe("time pickers", () => {
  it("offer every 15 minutes across 24 hours with 12-hour labels", () => {
    const options = timeOptions();
    expect(options).toHaveLength(96);
    expect(options[0]).toEqual({ value: "00:00", label: "12:00 AM" });
    expect(options[1]).toEqual({ value: "00:15", label: "12:15 AM" });
    expect(options[28]).toEqual({ value: "07:00", label: "7:00 AM" });
    expect(options[48]).toEqual({ value: "12:00", label: "12:00 PM" });
    expect(options[76]).toEqual({ value: "19:00", label: "7:00 PM" });
    expect(options[95]).toEqual({ value: "23:45", label: "11:45 PM" });
    expect(new Set(options.map((o) => o.value)).size).toBe(96);
  });

  it("formats times in 12-hour form", () => {
    expect(formatTime12("13:30")).toBe("1:30 PM");
    expect(formatTime12("00:45")).toBe("12:45 AM");
  });
});

describe("choosing a shift type", () => {
  it("day sets 07:00–19:00 and night 19:00–07:00", () => {
    const form = { ...emptyForm("2031-05-05"), startTime: "09:00", endTime: "17:00" };
    expect(applyChoice(form, "day", none).form).toMatchObject({
      shiftType: "day",
      startTime: "07:00",
      endTime: "19:00",
    });
    expect(applyChoice(form, "night", none).form).toMatchObject({
      shiftType: "night",
      startTime: "19:00",
      endTime: "07:00",
    });
  });

  it("annual leave and rest day clear the times; rest day is not an off day", () => {
    const form = { ...emptyForm("2031-05-05"), restDayShiftInterest: true };
    for (const choice of ["annual_leave", "rest_day"] as const) {
      const { form: next } = applyChoice(form, choice, none);
      expect(next).toMatchObject({ shiftType: choice, startTime: null, endTime: null, restDayShiftInterest: false });
    }
  });

  it("the Available Off Day option stores a rest day with the interest flag", () => {
    const { form } = applyChoice(emptyForm("2031-05-05"), "available_off_day", none);
    expect(form).toMatchObject({ shiftType: "rest_day", restDayShiftInterest: true, startTime: null, endTime: null });
    expect(choiceOf(form)).toBe("available_off_day");
    expect(choiceOf({ shiftType: "rest_day", restDayShiftInterest: false })).toBe("rest_day");
  });
});

describe("seeking coverage times", () => {
  it("auto-match another timed day or night shift on the same date", () => {
    const night = shift({ shiftType: "night", startTime: "18:45", endTime: "06:45" });
    const { form, message } = applyChoice(emptyForm("2031-05-05"), "seeking_coverage", {
      sameDayShifts: [shift({ shiftType: "rest_day", startTime: null, endTime: null }), night],
    });
    expect(form).toMatchObject({ shiftType: "seeking_coverage", startTime: "18:45", endTime: "06:45" });
    expect(message).toBe("Auto-matched with Night Shift (6:45 PM – 6:45 AM)");
  });

  it("never match the shift being edited, nor an untimed or other-date shift", () => {
    const editing = shift({ startTime: "08:00", endTime: "20:00" });
    const other = [
      editing,
      shift({ shiftType: "day", startTime: null, endTime: null }),
      shift({ date: "2031-05-06", startTime: "06:00", endTime: "18:00" }),
      shift({ shiftType: "seeking_coverage", startTime: "10:00", endTime: "22:00" }),
    ];
    const { form, message } = applyChoice(formFromShift(editing), "seeking_coverage", {
      sameDayShifts: other,
      editing,
    });
    expect(message).toBe(PRESERVING_TIMES);
    expect(form).toMatchObject({ startTime: "08:00", endTime: "20:00" });
  });

  it("prefer a same-day match over the original times when converting", () => {
    const editing = shift({ startTime: "08:00", endTime: "20:00" });
    const match = shift({ shiftType: "day", startTime: "07:00", endTime: "19:00" });
    const { form, message } = applyChoice(formFromShift(editing), "seeking_coverage", {
      sameDayShifts: [editing, match],
      editing,
    });
    expect(message).toMatch(/^Auto-matched with Day Shift/);
    expect(form.startTime).toBe("07:00");
  });

  it("keep the form's own non-default times when there is nothing to match or preserve", () => {
    const form = { ...emptyForm("2031-05-05"), startTime: "10:00", endTime: "22:00" };
    const result = applyChoice(form, "seeking_coverage", none);
    expect(result.form).toMatchObject({ startTime: "10:00", endTime: "22:00" });
    expect(result.message).toBeNull();
  });

  it("fall back to 07:00–19:00 with 'Using default times'", () => {
    for (const start of [emptyForm("2031-05-05"), { ...emptyForm("2031-05-05"), startTime: null, endTime: null }]) {
      const result = applyChoice(start, "seeking_coverage", none);
      expect(result.form).toMatchObject({ startTime: "07:00", endTime: "19:00" });
      expect(result.message).toBe(USING_DEFAULT_TIMES);
    }
    // A rest day being converted has no times to preserve.
    const rest = shift({ shiftType: "rest_day", startTime: null, endTime: null });
    expect(applyChoice(formFromShift(rest), "seeking_coverage", { sameDayShifts: [rest], editing: rest }).message).toBe(
      USING_DEFAULT_TIMES,
    );
  });
});

describe("the submitted shift", () => {
  it("carries userId, type, date, times, empty location, notes and the off-day flag", () => {
    const { form } = applyChoice(emptyForm("2031-05-05"), "available_off_day", none);
    expect(toSubmission({ ...form, startTime: "07:00" }, 7)).toEqual({
      userId: 7,
      shiftType: "rest_day",
      date: "2031-05-05",
      startTime: null,
      endTime: null,
      location: "",
      notes: "",
      isProtected: false,
      restDayShiftInterest: true,
    });
    const day = toSubmission({ ...emptyForm("2031-05-06"), restDayShiftInterest: true, notes: "  kit  " }, 7);
    expect(day).toMatchObject({
      shiftType: "day",
      startTime: "07:00",
      endTime: "19:00",
      restDayShiftInterest: false,
      notes: "kit",
    });
  });
});

describe("the form's date as dd/mm/yyyy", () => {
  it("shows a day with the day first", () => {
    expect(ukDateText("2031-03-04")).toBe("04/03/2031");
    expect(ukDateText("2031-12-25")).toBe("25/12/2031");
    expect(ukDateText("")).toBe("");
  });

  it("reads what a person types, day first, and nothing that is not a real day", () => {
    expect(dayFromUkText("04/03/2031")).toBe("2031-03-04");
    expect(dayFromUkText(" 4/3/2031 ")).toBe("2031-03-04");
    expect(dayFromUkText("25-12-2031")).toBe("2031-12-25");
    expect(dayFromUkText("25.12.2031")).toBe("2031-12-25");
    expect(dayFromUkText("29/02/2032")).toBe("2032-02-29");
    for (const bad of [
      "",
      "2031-03-04",
      "12/25/2031",
      "31/02/2031",
      "29/02/2031",
      "4/3/31",
      "04/03/2031x",
      "00/01/2031",
    ]) {
      expect(dayFromUkText(bad), bad).toBeNull();
    }
  });
});
