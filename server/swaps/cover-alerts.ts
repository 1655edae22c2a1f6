import { coverAlertState, coverShiftWords, needsCoverLine } from "../../common/cover-alert-rules";
import type { CoverAlert } from "../../common/cover-alerts";
import { fullName } from "../../common/names";
import { shiftWindow } from "../../common/working-time";
import type { WtrLimits } from "../../common/working-time-types";
import { type Clock, londonToday } from "../clock";
import type { Db, Tx } from "../db/open";
import type { UserRow } from "../db/schema";
import { shortDate } from "../notifications/events";
import { type CoverPush, recordCoverAlerts, recordCoverPushes } from "../notifications/record-cover";
import {
  type CoverCandidate,
  coverAlertsOf,
  coverCandidates,
  insertCoverAlerts,
  type OpenNeed,
  openNeedsFor,
} from "./cover-alert-queries";
import { warningsOfTaking } from "./find-matches";
import { coverAlertsChanged } from "./kernel";
import { userById } from "./queries";
import { restWindows, withoutNewWarnings } from "./rest-bound";
import { workingWindows } from "./warning-queries";

/**
 * The app's configuration cover alerts follow, passed in by the routes of every path that opens a
 * request or marks an Available Off Day (swaps, the calendar, availability, imports).
 */
export type CoverAlertOptions = {
  /** Cover-alert pushes a person gets in a London day where they have not chosen (COVER_ALERTS_PER_DAY). */
  perDay: number;
  /** The working-time rules a colleague's taking the shift is checked against; null when off. */
  limits: WtrLimits | null;
  /** What "today" is: needs on days already past are told to nobody. */
  clock: Clock;
};

const COVER_TITLE = "Cover needed";
type NeedShift = Pick<OpenNeed, "date" | "shiftType" | "startTime" | "endTime">;

/** 'Day shift Sat 12 Dec at Coventry Hub, for Amy Ash': names, dates, hubs and shift types only. */
function coverBody(shift: NeedShift, hub: string | null, requester: { firstName: string; lastName: string }) {
  const where = hub ? ` at ${hub}` : "";
  return `${coverShiftWords(shift)} ${shortDate(shift.date)}${where}, for ${fullName(requester)}`;
}

/** A cover alert's push about one request, the same for everyone it goes to. */
function pushAbout(
  swapRequestId: number,
  need: NeedShift,
  hub: string | null,
  who: OpenNeed | UserRow,
): Omit<CoverPush, "userId"> {
  return {
    swapRequestId,
    title: COVER_TITLE,
    body: coverBody(need, hub, who),
    url: `/dashboard?cover=${swapRequestId}`,
    tag: `cover-${swapRequestId}`,
    context: { actorName: fullName(who), date: need.date, shiftType: need.shiftType },
  };
}

/**
 * Who could take the shift of the open request `swapRequestId` and has not been told about it yet:
 * the candidates by the rules SQL holds (one statement), then the working-time rules for each. The
 * eligibility step of a cover alert, which the bench also times on its own.
 */
export async function eligibleColleagues(
  tx: Tx | Db,
  limits: WtrLimits | null,
  requester: Pick<UserRow, "id" | "clinicalGrade" | "hub">,
  swapRequestId: number,
  shift: NeedShift,
): Promise<CoverCandidate[]> {
  const windows = limits ? restWindows(shift.date, limits) : null;
  const candidates = await coverCandidates(tx, requester, swapRequestId, shift.date, windows);
  return withoutNewWarnings(tx, candidates, shift, limits);
}

/**
 * A need for cover became visible (an open request was made, or opened to everyone): every
 * colleague who could take it, and has not been told about it yet, gets one alert (DESIGN §5.22).
 * In the change's transaction. One statement for the candidates, the pure working-time rules per
 * candidate, one statement for the alerts and their pushes.
 */
export async function alertColleagues(
  tx: Tx,
  options: CoverAlertOptions,
  requester: UserRow,
  swapRequestId: number,
  shift: NeedShift,
) {
  // A requester who has not proved their address is listed to nobody, so nobody is told.
  if (requester.emailVerifiedAt === null) return;
  const { perDay } = options;
  const free = await eligibleColleagues(tx, options.limits, requester, swapRequestId, shift);
  // One text for everyone told: formatting its date per colleague cost more than the rest of their row.
  const about = pushAbout(swapRequestId, shift, requester.hub, requester);
  const told = await recordCoverAlerts(
    tx,
    swapRequestId,
    free.map((c) => c.id),
    about,
    perDay,
    options.clock.now(),
  );
  // An open dashboard shows the new alert at once.
  await coverAlertsChanged(tx, swapRequestId, told);
}

/**
 * The user has new Available Off Days: the open requests on them they could take become their
 * cover alerts, with one push a day naming how many colleagues need cover and where.
 */
export async function alertOffDays(
  tx: Tx | Db,
  options: CoverAlertOptions,
  userId: number,
  days: string[],
): Promise<void> {
  if (days.length === 0) return;
  const me = await userById(tx, userId);
  if (!me) return;
  const needs = await openNeedsFor(tx, me, days, londonToday(options.clock));
  if (needs.length === 0) return;
  const { limits, perDay } = options;
  const dates = needs.map((n) => n.date).sort();
  const span = { from: dates[0], to: dates[dates.length - 1] };
  const [mine] = limits ? await workingWindows(tx, [{ userId, ...shiftWindow(span, limits) }]) : [[]];
  const free = needs.filter((n) => {
    if (!limits) return true;
    const around = shiftWindow({ from: n.date, to: n.date }, limits);
    return (
      warningsOfTaking(
        mine.filter((s) => s.date >= around.from && s.date <= around.to),
        n,
        limits,
      ).length === 0
    );
  });
  const told = new Set(
    (
      await insertCoverAlerts(
        tx,
        free.map((n) => ({ swapRequestId: n.swapRequestId, userId })),
      )
    ).map((t) => t.swapRequestId),
  );
  const byDay = new Map<string, OpenNeed[]>();
  for (const n of free.filter((x) => told.has(x.swapRequestId))) byDay.set(n.date, [...(byDay.get(n.date) ?? []), n]);
  const pushes = [...byDay.values()].map((list): CoverPush => {
    const [first] = list;
    if (list.length === 1) return { ...pushAbout(first.swapRequestId, first, first.hub, first), userId };
    const hubs = [...new Set(list.map((n) => n.hub ?? ""))];
    return {
      ...pushAbout(first.swapRequestId, first, first.hub, first),
      userId,
      // About several requests: their day's list rather than one of them.
      swapRequestId: null,
      body: needsCoverLine(list.length, hubs.includes("") ? [] : hubs, shortDate(first.date)),
      url: `/dashboard?coverDate=${first.date}`,
      tag: `cover-day-${first.date}`,
    };
  });
  await recordCoverPushes(tx, pushes, perDay, options.clock.now());
}

/** GET /api/cover-alerts: my cover alerts, newest first, about colleagues I may still see. */
export async function listCoverAlerts(db: Db, me: UserRow, today: string): Promise<CoverAlert[]> {
  const rows = await coverAlertsOf(db, me, 200);
  return rows.map((r) => ({
    swapRequestId: r.swapRequestId,
    date: r.date,
    shiftType: r.shiftType,
    startTime: r.startTime,
    endTime: r.endTime,
    hub: r.hub,
    requester: { id: r.requesterId, firstName: r.firstName, lastName: r.lastName },
    createdAt: new Date(r.createdAt).toISOString(),
    state: coverAlertState({ status: r.status, responderId: r.responderId, date: r.date }, today),
  }));
}
