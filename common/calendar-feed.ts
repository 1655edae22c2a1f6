import { z } from "zod";

/** GET /api/calendar-feed/token and its regenerate: the address calendar apps subscribe to. */
export const calendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
