import { randomBytes } from "node:crypto";

/**
 * A calendar feed's secret address part. Here rather than in server/calendar-feed because a password
 * change or reset (server/auth) gives the feed a new one too.
 */
export const newCalendarToken = () => randomBytes(32).toString("base64url");
