import { addDays, londonDate } from "../../common/dates";
import { quietUntil } from "../../common/quiet-rules";
import type { Db } from "../db/open";
import type { ClaimedRow } from "./push-queries";
import { holdRows, mergeHeld, quietChoicesOf } from "./quiet-queries";

/**
 * The one place pushes of every kind meet quiet time (issue 36): of the rows just claimed, those
 * whose recipient is in quiet hours or quiet after a night shift at `now` are held until it ends,
 * one per tag; the rest are answered, to be sent now. One statement when nobody in the batch has
 * chosen quiet times, three when someone is quiet.
 */
export async function holdQuietRows(db: Db, rows: ClaimedRow[], now: Date): Promise<ClaimedRow[]> {
  if (rows.length === 0) return rows;
  const today = londonDate(now);
  const userIds = [...new Set(rows.map((r) => r.userId))];
  // A night that ends today began yesterday (or today, before 05:00); a chained window may reach tomorrow.
  const choices = await quietChoicesOf(db, userIds, addDays(today, -1), addDays(today, 1));
  const quiet = new Map<number, Date>();
  for (const c of choices) {
    const until = quietUntil(
      now,
      {
        quietHours: c.quietStart && c.quietEnd ? { start: c.quietStart, end: c.quietEnd } : null,
        quietAfterNight: c.quietAfterNightUntil ? { until: c.quietAfterNightUntil } : null,
      },
      c.nights ?? [],
    );
    if (until) quiet.set(c.userId, until);
  }
  if (quiet.size === 0) return rows;
  const held = rows.filter((r) => quiet.has(r.userId));
  await holdRows(
    db,
    held.map((r) => ({ id: r.id, until: quiet.get(r.userId) as Date })),
  );
  await mergeHeld(db, [...quiet.keys()]);
  return rows.filter((r) => !quiet.has(r.userId));
}
