// Formatting shared by every screen: dates, shift types and times (names: common/names.ts).
import type { SwapShift } from "@common/swaps";
import { format, parseISO } from "date-fns";
import { shiftTimesText, TIME_FORMAT } from "./shift-times";

export const SHORT_DATE = "MMM d, yyyy";
export const LONG_DATE = "EEEE, MMMM do, yyyy";
export const DAY_WITH_WEEKDAY = "EEEE, MMM d, yyyy";

/** 'Day Shift', 'Night Shift', or the raw value (SPEC §2). */
export function shiftTypeLabel(type: string): string {
  if (type === "day") return "Day Shift";
  if (type === "night") return "Night Shift";
  return type;
}

export const shiftTimes = (shift: Pick<SwapShift, "shiftType" | "startTime" | "endTime">) => shiftTimesText(shift);

/** A 'yyyy-MM-dd' calendar day in the given pattern. */
export const formatDay = (day: string, pattern: string = SHORT_DATE) => format(parseISO(day), pattern);

export const formatInstant = (iso: string, pattern = `MMM d, yyyy ${TIME_FORMAT}`) => format(new Date(iso), pattern);
