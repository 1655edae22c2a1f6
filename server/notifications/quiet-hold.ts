import { quietUntil } from "../../common/quiet-rules";
import type { Db } from "../db/open";
import type { ClaimedRow } from "./push-queries";
import { holdRows, mergeHeld } from "./quiet-queries";

/**
 * The one place pushes of every kind meet quiet time (issue 36): of the rows just claimed (each with
 * its recipient's quiet choices and nights, read by the claim), those whose recipient is in quiet
 * hours or quiet after a night shift at `now` are held until it ends, one per tag; the rest are
 * answered, to be sent now. No statement when nobody in the batch is quiet, two when someone is.
 */
export async function holdQuietRows(db: Db, rows: ClaimedRow[], now: Date): Promise<ClaimedRow[]> {
  const quiet = new Map<number, Date>();
  // Each recipient's quiet time once, however many of their rows the batch holds.
  const seen = new Set<number>();
  for (const c of rows) {
    if (seen.has(c.userId) || (!c.quietStart && !c.quietAfterNightUntil)) continue;
    seen.add(c.userId);
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
