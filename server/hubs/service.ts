import { z } from "zod";
import { HUB_PAGE_SIZE, type HubRange, PAGE_CURSOR_MESSAGE } from "../../common/hub-listing";
import type { ALL_HUBS, Hub } from "../../common/hubs";
import { coherentCache } from "../db/change-log";
import type { Db } from "../db/open";
import { badRequest } from "../errors";
import { type ListedRow, type Position, queryListed, queryListedIds } from "./queries";

/** Pages kept per instance: every hub's first pages, with and without the month's range. */
const PAGES_KEPT = 1000;
const COUNTS_KEPT = 500;
/** The day after which a range without an end is read as open. */
const LAST_DAY = "9999-12-31";

/** Where a page ends, for clients: opaque (base64url JSON of the position). */
const positionSchema = z.tuple([z.string().max(200), z.string().max(200), z.number().int().positive()]);

const encodeCursor = (position: Position) => Buffer.from(JSON.stringify(position)).toString("base64url");

function decodeCursor(cursor: string): Position {
  try {
    return positionSchema.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
  } catch {
    throw badRequest(PAGE_CURSOR_MESSAGE, "after");
  }
}

/** One page of GET /api/users/hub/{hub}: the JSON array, and the next page's cursor if one may follow. */
export type HubPage = { json: string; next?: string };

/**
 * The clinician browser's list and count (SPEC §4 'Clinician browser views'), a page at a time.
 *
 * A page is the same for every viewer (the viewer is left out afterwards), and is kept until the
 * change log shows a change to it (decision 016): to a listed colleague's calendar or profile, to
 * anyone's profile (who is urgent or seeking), or, for a range, to anyone's calendar in it (who
 * offers a day there). A colleague who stops seeking swaps or deletes their account is gone from
 * every viewer's list the moment that change commits, on every instance (DESIGN §5.21).
 */
export function hubListing(db: Db) {
  const pages = coherentCache<ListedRow[]>(db, PAGES_KEPT);
  const counts = coherentCache<Set<number>>(db, COUNTS_KEPT);

  function rowsOf(
    hub: Hub | typeof ALL_HUBS,
    range: HubRange,
    after: Position | undefined,
    rows: number,
    today: string,
  ): Promise<ListedRow[]> {
    const key = JSON.stringify([hub, range.fromDate, range.toDate, after, rows, today]);
    return pages.get(
      key,
      async () => {
        const value = await queryListed(db, hub, { ...range, after }, rows, today);
        return {
          value,
          deps: { userIds: value.map((row) => row.id), days: rangeDays(range, today), anyProfile: true },
          snapshot: value[0]?.snapshot,
        };
      },
      // An empty page is cheap to read again and has no row to carry the snapshot.
      { snapshotFromBuild: true },
    );
  }

  async function page(
    viewerId: number,
    hub: Hub | typeof ALL_HUBS,
    query: HubRange & { limit?: number; after?: string },
    today: string,
  ): Promise<HubPage> {
    const limit = query.limit ?? HUB_PAGE_SIZE;
    const after = query.after === undefined ? undefined : decodeCursor(query.after);
    const range = { fromDate: query.fromDate, toDate: query.toDate };
    // Two rows more than a page: one may be the viewer, the other tells whether a page follows.
    const rows = await rowsOf(hub, range, after, limit + 2, today);
    const mine = rows.filter((row) => row.id !== viewerId);
    const shown = mine.slice(0, limit);
    const last = shown.at(-1);
    return {
      json: `[${shown.map((row) => row.item).join(",")}]`,
      next: mine.length > limit && last ? encodeCursor([last.sort_last, last.sort_first, last.id]) : undefined,
    };
  }

  /**
   * How many colleagues the whole list holds, for the overview banner and the list titles. The
   * listed ids are kept like pages, on the same dependencies: with a range, counting every offer
   * in it is the dearest read of the browser (All Hubs, a month: 10–15 ms).
   */
  async function count(viewerId: number, hub: Hub | typeof ALL_HUBS, range: HubRange, today: string): Promise<number> {
    const key = JSON.stringify([hub, range.fromDate, range.toDate, today]);
    const ids = await counts.get(key, async () => {
      const value = await queryListedIds(db, hub, range, today);
      // Who is listed follows profiles and, with a range, offers in it; not the rest of a calendar.
      return { value, deps: { userIds: [], days: rangeDays(range, today), anyProfile: true } };
    });
    return ids.size - (ids.has(viewerId) ? 1 : 0);
  }

  return { page, count };
}

/** With a range, anyone's calendar change in it may list or unlist them; without, only profiles do. */
function rangeDays(range: HubRange, today: string) {
  const hasRange = range.fromDate !== undefined || range.toDate !== undefined;
  return hasRange ? { from: range.fromDate ?? today, to: range.toDate ?? LAST_DAY } : undefined;
}
