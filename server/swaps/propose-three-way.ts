import { threeWayIntroMessage } from "../../common/swap-rules";
import type { SwapRequest } from "../../common/swaps";
import type { CreateThreeWaySwap } from "../../common/three-way";
import type { WtrLimits } from "../../common/working-time-types";
import type { Db } from "../db/open";
import type { UserRow } from "../db/schema";
import { LockPlanChanged, transact } from "../db/transact";
import { AppError, conflict, notFound } from "../errors";
import { shortDate } from "../notifications/events";
import { recordNotification } from "../notifications/record";
import { hydrateOne } from "./detail-queries";
import { SHIFT_NOT_FOUND, swapUpdated } from "./kernel";
import { availableOffDay, insertRequest, insertSwapMessage } from "./queries";
import { lockParties, lockShifts, shiftsByIds } from "./shift-queries";
import { checkThreeWay } from "./three-way-check";
import { insertParties, openThreeWayWithShifts } from "./three-way-party-queries";

export const ALREADY_PROPOSED = "This three-way swap has already been proposed";

/**
 * POST /api/three-way-swaps (DESIGN §5.23): the cycle `[mine, b, c]` becomes one request with three
 * parties, checked under the locks a three-way agreement takes (the three parties, then the shifts),
 * so it is valid at the moment it is made. The other two hear of it; the conversation opens with
 * who takes what.
 */
export async function proposeThreeWay(
  db: Db,
  me: UserRow,
  input: CreateThreeWaySwap,
  limits: WtrLimits | null,
  today: string,
): Promise<SwapRequest> {
  return transact(db, async (tx) => {
    const owners = (rows: { userId: number }[]) =>
      [...new Set([me.id, ...rows.map((s) => s.userId)])].sort((x, y) => x - y);
    const planned = owners(await shiftsByIds(tx, input.shiftIds));
    await lockParties(tx, planned);
    const locked = await lockShifts(tx, input.shiftIds);
    if (owners(locked).join() !== planned.join()) throw new LockPlanChanged();
    // Another's shift as "mine" is not found, as for a pairwise request (404 for what is not yours).
    if (locked.find((s) => s.id === input.shiftIds[0])?.userId !== me.id) throw notFound(SHIFT_NOT_FOUND);
    const checked = await checkThreeWay(tx, me.id, input.shiftIds, { limits, today });
    if (!checked.ok) throw new AppError(checked.status, checked.message);
    if (await openThreeWayWithShifts(tx, input.shiftIds)) throw conflict(ALREADY_PROPOSED);
    const [a, b] = checked.parties;
    const created = await insertRequest(tx, {
      requesterId: me.id,
      responderId: b.user.id,
      requesterShiftId: a.gives.shiftId,
      responderAvailabilityId: (await availableOffDay(tx, b.user.id, a.gives.date))?.id ?? null,
      threeWay: true,
    });
    await insertParties(
      tx,
      created.id,
      checked.parties.map((p) => ({ userId: p.user.id, givesShiftId: p.gives.shiftId })),
    );
    await insertSwapMessage(tx, created.id, me.id, threeWayIntroMessage(checked.parties, shortDate));
    await recordNotification(tx, { kind: "request_received", swapRequestId: created.id, actorId: me.id });
    await swapUpdated(
      tx,
      created.id,
      checked.parties.map((p) => p.user.id),
    );
    return hydrateOne(tx, created);
  });
}
