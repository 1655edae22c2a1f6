import { type DealShift, dealWarnings, focusOf, type WarningDeal } from "../../common/swap-warnings";
import type { SwapRequest, SwapRole } from "../../common/swaps";
import { shiftWindow, type Warning, type WtrLimits } from "../../common/working-time";
import type { Conn } from "./queries";
import { type WindowKey, workingWindows } from "./warning-queries";

function keysOf(d: WarningDeal, limits: WtrLimits): WindowKey[] {
  const window = shiftWindow(focusOf(d), limits);
  const parties = d.responderId === null ? [d.requesterId] : [d.requesterId, d.responderId];
  return parties.map((userId) => ({ userId, ...window }));
}

/** Warnings for several deals, with every party's window loaded in one query. */
async function warningsOfDeals(db: Conn, deals: WarningDeal[], limits: WtrLimits): Promise<Warning[][]> {
  const keys = deals.map((d) => keysOf(d, limits));
  const windows = await workingWindows(db, keys.flat());
  let at = 0;
  return deals.map((d, i) => {
    const requesterNow = windows[at];
    const responderNow = keys[i].length > 1 ? windows[at + 1] : null;
    at += keys[i].length;
    return dealWarnings(d, requesterNow, responderNow, limits);
  });
}

/**
 * A request as the checks see it: the shift, the return shift the responder chose, or, until one is
 * chosen, every offered one (any of them may become the requester's, so the requester is shown, and
 * acknowledges, what each would do before agreeing).
 */
export type WarningRequest = {
  requesterId: number;
  responderId: number | null;
  shift: DealShift;
  chosen: DealShift | null;
  offers: DealShift[];
};

function dealsOf(q: WarningRequest): WarningDeal[] {
  const base = { requesterId: q.requesterId, responderId: q.responderId, shift: q.shift, offer: q.chosen };
  if (q.chosen || q.offers.length === 0) return [base];
  return [base, ...q.offers.map((offer) => ({ ...base, offer }))];
}

/**
 * One request's warnings from its deals' warnings: the responder's side is the first deal's (a return
 * shift only takes work away from them); the requester's is each offer's, once.
 */
function merged([first, ...byOffer]: Warning[][]): Warning[] {
  if (byOffer.length === 0) return first;
  const seen = new Set<string>();
  const requester = byOffer
    .flat()
    .filter((w) => w.party === "requester" && !seen.has(w.message) && seen.add(w.message));
  return [...requester, ...first.filter((w) => w.party === "responder")];
}

async function warningsOfRequests(db: Conn, requests: WarningRequest[], limits: WtrLimits): Promise<Warning[][]> {
  const deals = requests.map(dealsOf);
  const computed = await warningsOfDeals(db, deals.flat(), limits);
  let at = 0;
  return deals.map((list) => {
    const mine = computed.slice(at, at + list.length);
    at += list.length;
    return merged(mine);
  });
}

const isOpen = (r: SwapRequest) => r.status === "pending" || r.status === "accepted";

function warningRequestOf(r: SwapRequest): WarningRequest {
  const chosen = r.offers.find((o) => o.shiftId === r.acceptedOfferShiftId);
  return {
    requesterId: r.requesterId,
    responderId: r.responderId,
    shift: r.requesterShift,
    chosen: chosen ? chosen.shift : null,
    offers: r.offers.map((o) => o.shift),
  };
}

/**
 * Adds `warnings` to requests as they are returned, recomputed from today's calendars (never stored).
 * Closed requests have none: their shifts have moved or never will.
 */
export async function withWarnings(db: Conn, limits: WtrLimits | null, requests: SwapRequest[]) {
  const open = limits ? requests.filter(isOpen) : [];
  if (!limits || open.length === 0) return requests.map((r) => ({ ...r, warnings: [] }));
  const computed = await warningsOfRequests(db, open.map(warningRequestOf), limits);
  const byId = new Map(open.map((r, i) => [r.id, computed[i]]));
  return requests.map((r) => ({ ...r, warnings: byId.get(r.id) ?? [] }));
}

export async function withWarningsOne(db: Conn, limits: WtrLimits | null, request: SwapRequest) {
  const [one] = await withWarnings(db, limits, [request]);
  return one;
}

/** The caller's side of a deal about to be agreed, read inside the agreement's transaction. */
export async function warningsFor(db: Conn, limits: WtrLimits | null, request: WarningRequest, role: SwapRole) {
  if (!limits) return [];
  const [all] = await warningsOfRequests(db, [request], limits);
  return all.filter((w) => w.party === role);
}
