import { dayString } from "./london-time";
import type { Span } from "./working-time-blocks";

// Wording of the working-time warnings: what a tired person reads at a glance.

const WEEKDAYS = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]; // 1 Jan 1970 was a Thursday
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function labelOf(n: number): string {
  const day = dayString(n);
  return `${WEEKDAYS[((n % 7) + 7) % 7]} ${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;
}

/** SPEC's 'h:mm a' (DESIGN §5.20). */
export function timeLabel(t: string): string {
  const h = Number(t.slice(0, 2));
  return `${h % 12 === 0 ? 12 : h % 12}:${t.slice(3, 5)} ${h < 12 ? "AM" : "PM"}`;
}

export function hoursLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

export const kind = (s: Span) => (s.night ? "night shift" : "day shift");
export const one = (n: number) => (Math.round(n * 10) / 10).toFixed(1).replace(/\.0$/, "");
