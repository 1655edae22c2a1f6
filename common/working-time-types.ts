import type { ShiftType } from "./enums";

// The shapes the working-time checks share, apart from the API of ./working-time so its parts can
// use them without importing it back.

export const wtrRules = ["daily_rest", "weekly_rest", "average_hours", "night_hours"] as const;
export type WtrRule = (typeof wtrRules)[number];
export type WtrLimits = {
  dailyRestHours: number;
  weeklyRestHours: number;
  averageWeekHours: number;
  referenceWeeks: number;
  /** Regulation 6: a night worker's hours average at most this many in each 24 hours. */
  nightHoursPer24: number;
};

export type WorkingTimeShift = {
  date: string;
  shiftType: ShiftType;
  startTime: string | null;
  endTime: string | null;
};

/** One breach before merging into warnings; `key` names it so a before/after comparison can match it. */
export type Breach = {
  rule: WtrRule;
  key: string;
  /** Rest (minutes, worse when lower) or working minutes in the period (worse when higher). */
  measure: number;
  message: string;
  dates: string[];
  /** The day the breach is about, for merging neighbouring windows into one warning. */
  day: string;
};
