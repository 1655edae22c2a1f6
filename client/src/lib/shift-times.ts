import { DISPLAY_FALLBACK_TIMES, TIME_STEP_MINUTES } from "@common/shift-rules";

/** SPEC's one time format for shifts and messages on every screen. */
export const TIME_FORMAT = "h:mm a";

type Timed = { shiftType: string; startTime: string | null; endTime: string | null };

/** '19:15' → '7:15 PM' (the same as date-fns 'h:mm a'). */
export function formatTime12(time: string): string {
  const [h, m] = time.split(":").map(Number);
  const suffix = h < 12 ? "AM" : "PM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** '7:00 AM – 7:00 PM'; both ends must be set. */
export const formatTimeRange = (start: string, end: string) => `${formatTime12(start)} – ${formatTime12(end)}`;

/**
 * A shift's times as every screen writes them. An untimed day or night shift shows SPEC §9's
 * display fallback (6:00 AM – 6:00 PM, 6:00 PM – 6:00 AM); null when there are no times to show.
 */
export function shiftTimeRange(s: Timed): string | null {
  if (s.startTime && s.endTime) return formatTimeRange(s.startTime, s.endTime);
  if (s.shiftType === "day" || s.shiftType === "night") {
    const fallback = DISPLAY_FALLBACK_TIMES[s.shiftType];
    return formatTimeRange(fallback.startTime, fallback.endTime);
  }
  return null;
}

/** The times, 'All day' for leave and rest days, or 'Time TBD' for an untimed coverage shift. */
export function shiftTimesText(s: Timed): string {
  return shiftTimeRange(s) ?? (s.shiftType === "rest_day" || s.shiftType === "annual_leave" ? "All day" : "Time TBD");
}

/** Every 15 minutes across 24 hours, valued HH:MM and labelled in 12-hour time. */
export function timeOptions(): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += TIME_STEP_MINUTES) {
    const value = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    out.push({ value, label: formatTime12(value) });
  }
  return out;
}
