import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** Direction marks and overrides: never an initial, so an avatar cannot reorder what sits beside it. */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function initials(firstName?: string | null, lastName?: string | null): string {
  const first = firstName?.replace(BIDI_CONTROLS, "").trim().charAt(0) ?? "";
  const last = lastName?.replace(BIDI_CONTROLS, "").trim().charAt(0) ?? "";
  return `${first}${last}`.toUpperCase() || "?";
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
