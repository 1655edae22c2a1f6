import { londonDate } from "../common/dates";

/**
 * Where timed work and every "today" take "now" from (shift starts closing requests, what is past,
 * reminders): one source, passed to `buildApp` in its deps, so tests move time instead of waiting.
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** The clock's date in London: the day rosters are kept in. */
export const londonToday = (clock: Clock): string => londonDate(clock.now());
