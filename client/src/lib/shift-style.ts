import type { ShiftType } from "@common/enums";
import type { Shift } from "@common/shifts";
import { parseISO } from "date-fns";
import { shiftTimeRange } from "./shift-times";

/** What the shift form's type control offers: the five types plus the Available Off Day option. */
export type ShiftChoice = ShiftType | "available_off_day";

/** The choice the form shows for a stored shift, and the legend colour it takes. */
export function choiceOf(s: Pick<Shift, "shiftType" | "restDayShiftInterest">): ShiftChoice {
  return s.shiftType === "rest_day" && s.restDayShiftInterest ? "available_off_day" : s.shiftType;
}

type Style = { label: string; short: string; chip: string; swatch: string };

/** Legend colours (SPEC §2): day green, night red, rest day light blue, annual leave yellow. */
export const shiftStyles: Record<ShiftChoice, Style> = {
  day: { label: "Day", short: "D", chip: "border-[#6cc18d] bg-[#dcf3e4] text-[#0b4d26]", swatch: "bg-[#4fb477]" },
  night: { label: "Night", short: "N", chip: "border-[#ee958d] bg-[#fde3e1] text-[#7a1a12]", swatch: "bg-[#e0584d]" },
  rest_day: {
    label: "Rest Day",
    short: "R",
    chip: "border-[#8ec5f0] bg-[#e1f1fd] text-[#0c4a6e]",
    swatch: "bg-[#8ec5f0]",
  },
  available_off_day: {
    label: "Off Day ✓",
    short: "R✓",
    chip: "border-2 border-dashed border-[#0b6e6e] bg-[#e1f1fd] text-[#074747]",
    swatch: "bg-[#8ec5f0] ring-2 ring-[#0b6e6e] ring-offset-1",
  },
  annual_leave: {
    label: "Leave",
    short: "AL",
    chip: "border-[#e9c23a] bg-[#fff3c4] text-[#5c3d00]",
    swatch: "bg-[#f5cc3a]",
  },
  seeking_coverage: {
    label: "Cover",
    short: "SC",
    chip: "border-[#a78bfa] bg-[#ede9fe] text-[#4c1d95]",
    swatch: "bg-[#8b6cf0]",
  },
};

export const legendItems: { kind: ShiftChoice; label: string }[] = [
  { kind: "day", label: "Day shift" },
  { kind: "night", label: "Night shift" },
  { kind: "rest_day", label: "Rest day" },
  { kind: "available_off_day", label: "Available Off Day" },
  { kind: "annual_leave", label: "Annual leave" },
  { kind: "seeking_coverage", label: "Seeking coverage" },
];

export const kindLabels: Record<ShiftChoice, string> = {
  day: "Day Shift",
  night: "Night Shift",
  rest_day: "Rest Day",
  available_off_day: "Available Off Day",
  annual_leave: "Annual Leave",
  seeking_coverage: "Seeking Coverage",
};

export const styleOf = (s: Pick<Shift, "shiftType" | "restDayShiftInterest">) => shiftStyles[choiceOf(s)];
export const kindLabelOf = (s: Pick<Shift, "shiftType" | "restDayShiftInterest">) => kindLabels[choiceOf(s)];

/** '7:00 AM – 7:00 PM' (SPEC §9's fallback for an untimed day or night), or null for an untimed entry. */
export const timeRangeLabel = (s: Pick<Shift, "shiftType" | "startTime" | "endTime">) => shiftTimeRange(s);

/** A local Date for formatting a yyyy-MM-dd day with date-fns. */
export const dateOf = (day: string) => parseISO(day);
