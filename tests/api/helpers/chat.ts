import { addDays, todayInLondon } from "../../../common/dates";
import type { SwapStatus } from "../../../common/enums";
import type { Db } from "../../../server/db/open";
import { shifts, swapRequests } from "../../../server/db/schema";

/**
 * A swap request inserted directly (a future day shift of the requester and the request row),
 * so chat tests do not depend on the swap endpoints.
 */
export async function insertSwapRequest(
  db: Db,
  opts: { requesterId: number; responderId: number | null; status?: SwapStatus; daysAhead?: number },
) {
  const date = addDays(todayInLondon(), opts.daysAhead ?? 10);
  const [shift] = await db
    .insert(shifts)
    .values({ userId: opts.requesterId, date, shiftType: "day", startTime: "07:00", endTime: "19:00" })
    .returning();
  const [request] = await db
    .insert(swapRequests)
    .values({
      requesterId: opts.requesterId,
      responderId: opts.responderId,
      requesterShiftId: shift.id,
      status: opts.status ?? "pending",
    })
    .returning();
  return { request, shift };
}
