import { todayInLondon } from "../../common/dates";
import { roleOf, type SwapRequest, type SwapShift } from "../../common/swaps";
import type { Db } from "../db/open";
import type { UserRow } from "../db/schema";
import { notFound } from "../errors";
import { hydrate, hydrateOne, listRequestsOf, openRequestRows } from "./detail-queries";
import { SWAP_NOT_FOUND, toSwapShift } from "./kernel";
import { requestById } from "./queries";
import { swappableShiftsOf } from "./shift-queries";

export async function listMine(db: Db, userId: number): Promise<SwapRequest[]> {
  return listRequestsOf(db, userId);
}

export async function getOne(db: Db, userId: number, id: number): Promise<SwapRequest> {
  const row = await requestById(db, id);
  if (!row || roleOf(row, userId) === "other") throw notFound(SWAP_NOT_FOUND);
  return hydrateOne(db, row);
}

/** Open requests (no responder, pending) of same-grade colleagues for shifts after today. */
export async function listOpen(db: Db, me: UserRow): Promise<SwapRequest[]> {
  return hydrate(db, await openRequestRows(db, me, todayInLondon()));
}

/** The user's shifts that can be offered in a swap, optionally on one day. */
export async function eligibleShifts(db: Db, userId: number, date?: string): Promise<SwapShift[]> {
  const rows = await swappableShiftsOf(db, userId, todayInLondon(), date);
  return rows.map(toSwapShift);
}
