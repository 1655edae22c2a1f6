import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Tx } from "../db/open";
import { shifts, swapRequestOffers, swapRequests, users } from "../db/schema";

const open = inArray(swapRequests.status, ["pending", "accepted"]);

/**
 * Open requests due to close by `now`: the earliest of the shifts they would move had started
 * (`closes_at`, kept by triggers, with its partial index; decisions 035 and 040). Locked; rows
 * another instance is closing are skipped, so each is closed once.
 */
export function lockStartedRequests(tx: Tx, now: Date, limit: number) {
  return tx
    .select()
    .from(swapRequests)
    .where(and(open, lte(swapRequests.closesAt, now)))
    .orderBy(asc(swapRequests.closesAt), asc(swapRequests.id))
    .limit(limit)
    .for("update", { skipLocked: true });
}

/**
 * Offers in open requests whose offered shift had started by `now` (the same start rule, in SQL as
 * `shift_starts_at`, migration 0012), with the shift's owner. The requests come through the index on
 * the first of their offers' starts (`offers_start_at`, kept by triggers, migration 0023), so a pass
 * reads only the requests that have an offer due. The requests are locked as above, and
 * so are the offers: a pass that read an offer before another committed its removal would otherwise
 * lock the request's new version and take the removed offer with it (PostgreSQL rechecks only the
 * locked rows), and drop and note it a second time.
 */
export function lockStartedOffers(tx: Tx, now: Date, limit: number) {
  return tx
    .select({
      request: swapRequests,
      shiftId: shifts.id,
      date: shifts.date,
      startTime: shifts.startTime,
      endTime: shifts.endTime,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(swapRequests)
    .innerJoin(swapRequestOffers, eq(swapRequestOffers.swapRequestId, swapRequests.id))
    .innerJoin(shifts, eq(shifts.id, swapRequestOffers.shiftId))
    .innerJoin(users, eq(users.id, shifts.userId))
    .where(
      and(
        open,
        lte(swapRequests.offersStartAt, now),
        sql`shift_starts_at(${shifts.date}, ${shifts.startTime}, ${shifts.shiftType}) <= ${now}`,
      ),
    )
    .orderBy(asc(swapRequests.id), asc(shifts.id))
    .limit(limit)
    .for("update", { of: [swapRequests, swapRequestOffers], skipLocked: true });
}
