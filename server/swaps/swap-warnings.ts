import { answerRoleOf, type SwapRole } from "../../common/swap-rules";
import { type DealShift, dealWarnings, focusOf, type WarningDeal } from "../../common/swap-warnings";
import type { SwapRequest } from "../../common/swaps";
import type { ThreeWayShift } from "../../common/three-way";
import { shiftWindow, type Warning } from "../../common/working-time";
import type { WtrLimits } from "../../common/working-time-types";
import type { Conn } from "./queries";
import { type WindowKey, workingWindows } from "./warning-queries";

/** One deal to check, and which sides of it are needed. */
type Job = { deal: WarningDeal; requester: boolean; responder: boolean };

function keysOf(job: Job, limits: WtrLimits): WindowKey[] {
  const window = shiftWindow(focusOf(job.deal), limits);
  const { requesterId, responderId } = job.deal;
  const parties = [
    ...(job.requester ? [requesterId] : []),
    ...(job.responder && responderId !== null ? [responderId] : []),
  ];
  return parties.map((userId) => ({ userId, ...window }));
}

/** Warnings for several deals, with every needed party's window loaded in one query. */
async function warningsOfJobs(db: Conn, jobs: Job[], limits: WtrLimits): Promise<Warning[][]> {
  const keys = jobs.flatMap((j) => keysOf(j, limits));
  if (keys.length === 0) return jobs.map(() => []);
  const windows = await workingWindows(db, keys);
  let at = 0;
  return jobs.map((j) => {
    const requesterNow = j.requester ? windows[at++] : null;
    const responderNow = j.responder && j.deal.responderId !== null ? windows[at++] : null;
    return dealWarnings(j.deal, requesterNow, responderNow, limits);
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

/**
 * The deals a request's warnings come from. The requester's side only matters with a return shift
 * (giving a shift away never breaks rest), so a request without one costs only the responder's
 * window, and an open request without a responder costs nothing.
 */
function jobsOf(q: WarningRequest): Job[] {
  const base = { requesterId: q.requesterId, responderId: q.responderId, shift: q.shift, offer: q.chosen };
  if (q.chosen || q.offers.length === 0) return [{ deal: base, requester: q.chosen !== null, responder: true }];
  return [
    { deal: base, requester: false, responder: true },
    ...q.offers.map((offer) => ({ deal: { ...base, offer }, requester: true, responder: false })),
  ];
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
  const deals = requests.map(jobsOf);
  const computed = await warningsOfJobs(db, deals.flat(), limits);
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

const dealShift = (s: ThreeWayShift): DealShift => ({
  id: s.shiftId,
  date: s.date,
  shiftType: s.shiftType,
  startTime: s.startTime,
  endTime: s.endTime,
});

/**
 * The viewer's own side of a three-way request, as their agreement checks it (three-way-lifecycle.ts):
 * they give their shift and work the previous party's. Null for anyone not a party.
 */
function threeWaySideOf(r: SwapRequest, viewerId: number): WarningRequest | null {
  const me = r.parties?.find((p) => p.user.id === viewerId);
  if (!me) return null;
  return {
    requesterId: viewerId,
    responderId: null,
    shift: dealShift(me.gives),
    chosen: dealShift(me.takes),
    offers: [],
  };
}

/**
 * Adds `warnings` to requests as they are returned to `viewerId`, recomputed from today's calendars
 * (never stored). A pairwise request shows both parties' warnings; a three-way request shows the
 * viewer their own side's, labelled with their role in it (`answerRoleOf`), as each of the three
 * acknowledges only their own. Closed requests have none: their shifts have moved or never will.
 */
export async function withWarnings(db: Conn, limits: WtrLimits | null, requests: SwapRequest[], viewerId: number) {
  const checked = limits
    ? requests.flatMap((r) => {
        if (!isOpen(r)) return [];
        const deal = r.parties ? threeWaySideOf(r, viewerId) : warningRequestOf(r);
        return deal ? [{ r, deal }] : [];
      })
    : [];
  if (!limits || checked.length === 0) return requests.map((r) => ({ ...r, warnings: [] }));
  const computed = await warningsOfRequests(
    db,
    checked.map((c) => c.deal),
    limits,
  );
  const byId = new Map(
    checked.map(({ r }, i) => {
      if (!r.parties) return [r.id, computed[i]];
      const party: Warning["party"] = answerRoleOf(r, viewerId) === "requester" ? "requester" : "responder";
      return [r.id, computed[i].map((w) => ({ ...w, party }))];
    }),
  );
  return requests.map((r) => ({ ...r, warnings: byId.get(r.id) ?? [] }));
}

export async function withWarningsOne(db: Conn, limits: WtrLimits | null, request: SwapRequest, viewerId: number) {
  const [one] = await withWarnings(db, limits, [request], viewerId);
  return one;
}

/** The caller's side of a deal about to be agreed, read inside the agreement's transaction. */
export async function warningsFor(db: Conn, limits: WtrLimits | null, request: WarningRequest, role: SwapRole) {
  if (!limits) return [];
  const [all] = await warningsOfRequests(db, [request], limits);
  return all.filter((w) => w.party === role);
}
