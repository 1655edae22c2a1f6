// The endpoint families `npm run bench` drives: the requests each sends and the service calls whose
// SQL is its query floor.
import { addDays } from "../../common/dates";
import { DEFAULT_WTR_LIMITS } from "../../common/working-time";
import { listAvailability } from "../../server/availability/service";
import type { Db } from "../../server/db/open";
import type { UserRow } from "../../server/db/schema";
import { hubListing } from "../../server/hubs/service";
import { listMessages, sendMessage, unreadCount } from "../../server/messages/service";
import { shiftListCache } from "../../server/shifts/list-cache";
import { findMatches } from "../../server/swaps/find-matches";
import { listMine } from "../../server/swaps/read-swap-requests";
import { withWarnings } from "../../server/swaps/swap-warnings";
import { BUDGETS, MESSAGE_MARK, READ_RATE, WRITE_RATE } from "./config";
import { threeWayFamily } from "./three-way";
import { type BenchUser, hubPath } from "./users";

export type Family = {
  name: string;
  method: "GET" | "POST";
  rate: number;
  /** p99 budget in ms; none for figures reported for information. */
  budgetMs?: number;
  /** One request per user, or several that the load cycles through. */
  request: (u: BenchUser) => { path: string; body?: unknown } | { path: string }[];
  /**
   * The service calls the endpoint makes after the session lookup, for the SQL baseline. Keep in
   * step with the routes.
   */
  sql: (db: Db, user: UserRow, u: BenchUser) => Promise<unknown>;
};

/** More than a run sends, so no range of hub_browse_range_uncached is asked for twice. */
const DISTINCT_RANGES = 3000;

const afterOf = (path: string) => new URL(path, "http://localhost").searchParams.get("after") ?? undefined;

const uncachedHub = (db: Db) => hubListing(db);

const read = { method: "GET" as const, rate: READ_RATE, budgetMs: BUDGETS.readP99Ms };

/** The hub listing: its pages, counts and date ranges, one family each. */
function hubFamilies(today: string, monthEnd: string): Family[] {
  return [
    {
      name: "hub_browse",
      ...read,
      request: (u) => ({ path: hubPath(u.hub) }),
      sql: (db, user, u) => uncachedHub(db).page(user.id, u.hub, {}, today),
    },
    {
      name: "hub_browse_next_page",
      ...read,
      request: (u) => ({ path: u.hubNextPath }),
      sql: (db, user, u) => uncachedHub(db).page(user.id, u.hub, { after: afterOf(u.hubNextPath) }, today),
    },
    {
      name: "hub_count",
      ...read,
      request: (u) => ({ path: `${hubPath(u.hub)}/count` }),
      sql: (db, user, u) => uncachedHub(db).count(user.id, u.hub, {}, today),
    },
    {
      name: "hub_browse_range",
      ...read,
      budgetMs: BUDGETS.hubRangeP99Ms,
      request: (u) => ({ path: `${hubPath(u.hub)}?fromDate=${today}&toDate=${monthEnd}` }),
      sql: (db, user, u) => uncachedHub(db).page(user.id, u.hub, { fromDate: today, toDate: monthEnd }, today),
    },
    {
      name: "hub_count_range",
      ...read,
      budgetMs: BUDGETS.hubRangeP99Ms,
      request: (u) => ({ path: `${hubPath(u.hub)}/count?fromDate=${today}&toDate=${monthEnd}` }),
      sql: (db, user, u) => uncachedHub(db).count(user.id, u.hub, { fromDate: today, toDate: monthEnd }, today),
    },
    {
      // Every request a different range, so the listing's short cache never answers: its worst case.
      name: "hub_browse_range_uncached",
      ...read,
      budgetMs: BUDGETS.hubRangeP99Ms,
      request: (u) =>
        Array.from({ length: DISTINCT_RANGES }, (_, k) => {
          const from = addDays(today, k % 60);
          return { path: `${hubPath(u.hub)}?fromDate=${from}&toDate=${addDays(from, 7 + (Math.floor(k / 60) % 50))}` };
        }),
      sql: (db, user, u) =>
        uncachedHub(db).page(user.id, u.hub, { fromDate: addDays(today, 7), toDate: addDays(today, 21) }, today),
    },
  ];
}

export function families(today: string): Family[] {
  const monthEnd = addDays(today, 30);
  return [
    { name: "auth_user", ...read, request: () => ({ path: "/api/auth/user" }), sql: async () => undefined },
    {
      name: "shifts_list",
      ...read,
      request: () => ({ path: "/api/shifts" }),
      // The route's cache miss: the fingerprint, then the list (a cache of 0 bytes keeps nothing).
      sql: (db, user) => shiftListCache(db, 0)(user.id, {}),
    },
    {
      name: "availability_month",
      ...read,
      request: () => ({ path: `/api/availability?start=${today}&end=${monthEnd}` }),
      sql: (db, user) => listAvailability(db, user.id, today, monthEnd),
    },
    ...hubFamilies(today, monthEnd),
    {
      name: "find_matches",
      ...read,
      request: (u) => ({ path: `/api/find-matches/${u.shiftId}` }),
      sql: (db, user, u) => findMatches(db, user, u.shiftId, DEFAULT_WTR_LIMITS, today),
    },
    threeWayFamily(),
    {
      name: "swap_list",
      ...read,
      request: () => ({ path: "/api/swap-requests" }),
      // As the route answers: the list, then both parties' rest warnings for its open requests.
      sql: async (db, user) => withWarnings(db, DEFAULT_WTR_LIMITS, await listMine(db, user.id), user.id),
    },
    {
      name: "message_list",
      ...read,
      request: (u) => ({ path: `/api/messages/${u.swapId}` }),
      sql: (db, user, u) => listMessages(db, user, u.swapId),
    },
    {
      name: "unread_count",
      ...read,
      request: () => ({ path: "/api/messages/unread-count" }),
      sql: (db, user) => unreadCount(db, user),
    },
    {
      name: "message_post",
      method: "POST",
      rate: WRITE_RATE,
      request: (u) => ({ path: "/api/messages", body: { swapRequestId: u.swapId, content: `${MESSAGE_MARK} 🚑` } }),
      // The service publishes NEW_MESSAGE itself, as the route's answer waits for it.
      sql: (db, user, u) => sendMessage(db, user, { swapRequestId: u.swapId, content: `${MESSAGE_MARK} sql` }),
    },
    {
      // All Hubs lists every urgent clinician of the service, a page at a time: reported, without a budget of its own.
      name: "hub_browse_all_hubs",
      method: "GET",
      rate: Math.max(1, Math.round(READ_RATE / 10)),
      request: () => ({ path: hubPath("All Hubs") }),
      sql: (db, user) => uncachedHub(db).page(user.id, "All Hubs", {}, today),
    },
  ];
}
