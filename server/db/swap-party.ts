import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { swapRequestParties } from "./schema";

type RequestColumns = { id: AnyPgColumn; requesterId: AnyPgColumn; responderId: AnyPgColumn };

/**
 * "The user is a party of this request" as one condition, for every feature that decides it in SQL
 * (decision 038): the requester, the responder, or one of a three-way request's parties. The third
 * arm is an init plan (the user's three-way requests, read once), so the planner can still combine
 * the requester, responder and primary-key indexes.
 */
export function isSwapParty(r: RequestColumns, userId: number | SQL | Placeholder): SQL {
  const p = swapRequestParties;
  return sql`(${r.requesterId} = ${userId} or ${r.responderId} = ${userId} or ${r.id} = any(array(
    select ${p.swapRequestId} from ${p} where ${p.userId} = ${userId})))`;
}
