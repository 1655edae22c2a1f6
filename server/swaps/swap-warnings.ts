import { coveredShiftType, type SwapRequest, type SwapRole } from "../../common/swaps";
import {
  type Focus,
  shiftWindow,
  swapWarnings,
  type Warning,
  type WorkingTimeShift,
  type WtrLimits,
} from "../../common/working-time";
import type { Conn } from "./queries";
import { type WindowKey, type WindowShift, workingWindows } from "./warning-queries";

type DealShift = Pick<WindowShift, "id" | "date" | "shiftType" | "startTime" | "endTime">;

/** What a completion would move: the requester's shift, and the chosen return shift if any. */
export type WarningDeal = {
  requesterId: number;
  responderId: number | null;
  shift: DealShift;
  offer: DealShift | null;
};

const focusOf = (d: WarningDeal): Focus => {
  const days = [d.shift.date, ...(d.offer ? [d.offer.date] : [])].sort();
  return { from: days[0], to: days[days.length - 1] };
};

function keysOf(d: WarningDeal, limits: WtrLimits): WindowKey[] {
  const window = shiftWindow(focusOf(d), limits);
  const parties = d.responderId === null ? [d.requesterId] : [d.requesterId, d.responderId];
  return parties.map((userId) => ({ userId, ...window }));
}

const asWorking = (s: DealShift): WorkingTimeShift => ({
  date: s.date,
  shiftType: s.shiftType,
  startTime: s.startTime,
  endTime: s.endTime,
});

/** The return shift as its new owner works it, exactly as completeSwap writes it. */
function returnShiftFor(offer: DealShift): WorkingTimeShift {
  const type = coveredShiftType(offer);
  const fallback = type === "day" ? { startTime: "07:00", endTime: "19:00" } : { startTime: "19:00", endTime: "07:00" };
  return {
    date: offer.date,
    shiftType: type,
    startTime: offer.startTime ?? fallback.startTime,
    endTime: offer.endTime ?? fallback.endTime,
  };
}

/**
 * Both calendars as completion (complete-swap.ts, DESIGN §5.7, §5.16) would leave them, compared with
 * today's: the requester loses the shift (a rest day is time off) and works the return shift; the
 * responder works the shift on their off day and loses the return shift's day (its entry and the
 * day or night shift beside it become a rest day). No responder: no responder side.
 */
function dealWarnings(
  d: WarningDeal,
  requesterNow: WindowShift[],
  responderNow: WindowShift[] | null,
  limits: WtrLimits,
): Warning[] {
  const offer = d.offer;
  const requesterAfter = [
    ...requesterNow.filter((s) => s.id !== d.shift.id).map(asWorking),
    ...(offer ? [returnShiftFor(offer)] : []),
  ];
  const responderBefore = responderNow ?? [];
  const responderAfter = responderNow
    ? [
        ...responderNow
          .filter(
            (s) => !offer || (s.id !== offer.id && !(s.date === offer.date && s.shiftType !== "seeking_coverage")),
          )
          .map(asWorking),
        asWorking(d.shift),
      ]
    : [];
  return swapWarnings(
    {
      requester: { before: requesterNow.map(asWorking), after: requesterAfter },
      responder: { before: responderBefore.map(asWorking), after: responderAfter },
    },
    focusOf(d),
    limits,
  );
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

const isOpen = (r: SwapRequest) => r.status === "pending" || r.status === "accepted";

function dealOf(r: SwapRequest): WarningDeal {
  const chosen = r.offers.find((o) => o.shiftId === r.acceptedOfferShiftId);
  return {
    requesterId: r.requesterId,
    responderId: r.responderId,
    shift: r.requesterShift,
    offer: chosen ? chosen.shift : null,
  };
}

/**
 * Adds `warnings` to requests as they are returned, recomputed from today's calendars (never stored).
 * Closed requests have none: their shifts have moved or never will.
 */
export async function withWarnings(db: Conn, limits: WtrLimits | null, requests: SwapRequest[]) {
  const open = limits ? requests.filter(isOpen) : [];
  if (!limits || open.length === 0) return requests.map((r) => ({ ...r, warnings: [] }));
  const computed = await warningsOfDeals(db, open.map(dealOf), limits);
  const byId = new Map(open.map((r, i) => [r.id, computed[i]]));
  return requests.map((r) => ({ ...r, warnings: byId.get(r.id) ?? [] }));
}

export async function withWarningsOne(db: Conn, limits: WtrLimits | null, request: SwapRequest) {
  const [one] = await withWarnings(db, limits, [request]);
  return one;
}

/** The caller's side of a deal about to be agreed, read inside the agreement's transaction. */
export async function warningsFor(db: Conn, limits: WtrLimits | null, deal: WarningDeal, role: SwapRole) {
  if (!limits) return [];
  const [all] = await warningsOfDeals(db, [deal], limits);
  return all.filter((w) => w.party === role);
}
