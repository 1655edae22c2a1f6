import { threeWayLeftMessage } from "../../common/swap-rules";
import { lockUserDays } from "../db/availability-index";
import type { Tx } from "../db/open";
import { recordNotification } from "../notifications/record";
import { clearedAgreements, swapUpdated } from "./kernel";
import { insertSwapMessage, requestsGoingWith, saveRequest, userById } from "./queries";
import { clearPartyAgreements, lockOpenThreeWayOf, partyUserIdsOf } from "./three-way-party-queries";

/**
 * Before an account is deleted (the profile feature's deleteAccount, in its transaction): each open
 * three-way request it is a party of ends for the other two, with a note and a notification
 * (DESIGN §5.23). A request the account proposed goes with it (its shift cascades), as a pairwise
 * request goes with its requester; one it takes the first shift of loses it as responder, so it stays.
 * Whoever else a request that goes concerns (pairwise or three-way) is sent the change as it commits.
 * The user's day lock comes first (before the account's row), as every swap agreement takes it first.
 */
export async function endRequestsOfLeavingUser(tx: Tx, userId: number) {
  await lockUserDays(tx, userId);
  const user = await userById(tx, userId);
  if (!user) return;
  for (const r of await lockOpenThreeWayOf(tx, user.id)) {
    if (r.requesterId === user.id) continue;
    const parties = await partyUserIdsOf(tx, r.id);
    await recordNotification(tx, { kind: "cancelled", swapRequestId: r.id, actorId: user.id });
    await clearPartyAgreements(tx, r.id);
    await saveRequest(tx, r.id, {
      status: "cancelled",
      ...clearedAgreements,
      ...(r.responderId === user.id ? { responderId: null, responderAvailabilityId: null } : {}),
    });
    await insertSwapMessage(tx, r.id, r.requesterId, threeWayLeftMessage(`${user.firstName} ${user.lastName}`.trim()));
    await swapUpdated(
      tx,
      r.id,
      parties.filter((id) => id !== user.id),
    );
  }
  // The requests that go with the account: whoever else they concern sees them go at once, as do
  // colleagues alerted to an open one.
  for (const r of await requestsGoingWith(tx, user.id)) await swapUpdated(tx, r.id, r.userIds);
}
