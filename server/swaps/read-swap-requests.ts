import { partiesOf } from "../../common/swap-rules";
import type { SwapRequest, SwapShift } from "../../common/swaps";
import type { WtrLimits } from "../../common/working-time-types";
import { coherentCache } from "../db/change-log";
import type { Db } from "../db/open";
import type { UserRow } from "../db/schema";
import { notFound } from "../errors";
import { hydrate, hydrateOne, listRequestsOf, openRequestRows } from "./detail-queries";
import { roleIn, SWAP_NOT_FOUND, toSwapShift } from "./kernel";
import { requestById } from "./queries";
import { swappableShiftsOf } from "./shift-queries";
import { withWarnings } from "./swap-warnings";

export async function listMine(db: Db, userId: number): Promise<SwapRequest[]> {
  return listRequestsOf(db, userId);
}

/** Lists kept per instance: every screen polls its user's list. */
const LISTS_KEPT = 5000;

export type SwapListCache = ReturnType<typeof coherentCache<SwapRequest[]>>;
export const swapListCache = (db: Db): SwapListCache => coherentCache<SwapRequest[]>(db, LISTS_KEPT);

/**
 * GET /api/swap-requests with each request's warnings, kept until the change log shows a change to
 * the user's requests or to any party's calendar or profile (the rows, names and rest it shows).
 */
export async function listMineWithWarnings(
  db: Db,
  userId: number,
  limits: WtrLimits | null,
  cache: SwapListCache,
): Promise<SwapRequest[]> {
  return cache.get(String(userId), async () => {
    const value = await withWarnings(db, limits, await listRequestsOf(db, userId), userId);
    return { value, deps: { userIds: [...new Set([userId, ...value.flatMap(partiesOf)])] } };
  });
}

export async function getOne(db: Db, userId: number, id: number): Promise<SwapRequest> {
  const row = await requestById(db, id);
  if (!row || (await roleIn(db, row, userId)) === "other") throw notFound(SWAP_NOT_FOUND);
  return hydrateOne(db, row);
}

/** Open requests (no responder, pending) of same-grade colleagues for shifts after `today`. */
export async function listOpen(db: Db, me: UserRow, today: string): Promise<SwapRequest[]> {
  return hydrate(db, await openRequestRows(db, me, today));
}

/** The user's shifts that can be offered in a swap, optionally on one day. */
export async function eligibleShifts(db: Db, userId: number, today: string, date?: string): Promise<SwapShift[]> {
  const rows = await swappableShiftsOf(db, userId, today, date);
  return rows.map(toSwapShift);
}
