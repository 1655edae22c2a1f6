import { setImmediate } from "node:timers/promises";
import type { RowNote } from "../../common/imports";
import { lockUserDays, syncAvailability } from "../db/availability-index";
import type { Db, Tx } from "../db/open";
import type { ShiftRow } from "../db/schema";
import { checkShiftFields } from "../shifts/service";
import { alertOffDays, type CoverAlertOptions } from "../swaps/cover-alerts";
import {
  type ExistingShift,
  keptSwapReason,
  type NewShiftFields,
  OPEN_OFF_DAY_REASON,
  planDay,
  showsDay,
} from "./import-plan";
import {
  deleteShifts,
  insertShifts,
  lockImportsOf,
  offDaysInOpenRequests,
  type StoredShift,
  type SwappedDay,
  shiftsByIds,
  shiftsOnDaysForUpdate,
  swapLinks,
  swappedDays,
  updateShifts,
} from "./queries";
import type { RosterRow } from "./roster-parse";

export type ImportOutcome = { shifts: ShiftRow[]; skipped: RowNote[]; kept: RowNote[] };
export type ImportOptions = { overwriteSwaps?: boolean; cover: CoverAlertOptions };

function stored(f: NewShiftFields): StoredShift {
  const n = checkShiftFields(f);
  return {
    date: n.date,
    shiftType: n.shiftType,
    startTime: n.startTime,
    endTime: n.endTime,
    notes: n.notes,
    location: n.location,
    isProtected: n.isProtected,
    restDayShiftInterest: n.restDayShiftInterest,
  };
}

/** Rows handled between two yields to the event loop, so a long roster never holds up other requests. */
const BATCH = 500;

function* batches<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += BATCH) yield items.slice(i, i + BATCH);
}

/** The user's shifts on the file's days, locked, and what about those days the file may not change. */
type CurrentDays = {
  byDay: Map<string, ExistingShift[]>;
  links: Awaited<ReturnType<typeof swapLinks>>;
  /** DESIGN §5.19: days a completed swap changed (none when the user lets the file win). */
  swapped: Map<string, SwappedDay>;
  /** Off days someone asked this user to work. */
  offered: Set<string>;
};

async function lockCurrentDays(
  tx: Tx,
  userId: number,
  rows: RosterRow[],
  options: ImportOptions,
): Promise<CurrentDays> {
  await lockImportsOf(tx, userId);
  // The user's day lock before any shift row, the order swaps and the shift form use.
  await lockUserDays(tx, userId);
  const existing: ShiftRow[] = [];
  for (const days of batches([...new Set(rows.map((r) => r.date))])) {
    existing.push(...(await shiftsOnDaysForUpdate(tx, userId, days)));
  }
  const byDay = new Map<string, ExistingShift[]>();
  for (const s of existing) byDay.set(s.date, [...(byDay.get(s.date) ?? []), s]);
  const links = await swapLinks(
    tx,
    existing.map((s) => s.id),
  );

  // DESIGN §5.19: a day a completed swap changed keeps the swap's result unless the user lets the file win.
  const swapped = options.overwriteSwaps
    ? new Map<string, SwappedDay>()
    : await swappedDays(tx, userId, [...byDay.keys()]);

  // An off day someone asked this user to work stays one, like a shift in an open request.
  const offered = await offDaysInOpenRequests(
    tx,
    userId,
    rows.filter((r) => r.shiftType !== "rest_day").map((r) => r.date),
  );
  return { byDay, links, swapped, offered };
}

/** What the file does to the calendar, and the rows it leaves alone with their reasons. */
type Changes = {
  skipped: RowNote[];
  kept: RowNote[];
  deletes: number[];
  updates: Array<{ id: number } & StoredShift>;
  inserts: StoredShift[];
  /** The shifts of the changed days that stay (kept or updated); inserted ones join them when written. */
  result: Array<{ id: number; date: string }>;
  changedDays: string[];
};

async function planChanges(rows: RosterRow[], current: CurrentDays): Promise<Changes> {
  const { byDay, links, swapped, offered } = current;
  const changes: Changes = {
    skipped: [],
    kept: [],
    deletes: [],
    updates: [],
    inserts: [],
    result: [],
    changedDays: [],
  };
  for (const [i, row] of rows.entries()) {
    if (i > 0 && i % BATCH === 0) await setImmediate();
    const plan = planDay(byDay.get(row.date) ?? [], row, links.open, links.referenced);
    if (plan.kind === "skip" || offered.has(row.date)) {
      const reason = plan.kind === "skip" ? plan.reason : OPEN_OFF_DAY_REASON;
      changes.skipped.push({ sheet: row.sheet, row: row.row, reason });
      continue;
    }
    const swap = swapped.get(row.date);
    if (swap && !showsDay(byDay.get(row.date) ?? [], row)) {
      changes.kept.push({
        sheet: row.sheet,
        row: row.row,
        reason: keptSwapReason(swap.otherName, row.date, swap.grsApproved),
      });
      continue;
    }
    changes.changedDays.push(row.date);
    changes.deletes.push(...plan.deletes);
    for (const id of plan.kept) changes.result.push({ id, date: row.date });
    if (plan.update) {
      changes.updates.push({ id: plan.update.id, ...stored(plan.update.fields) });
      changes.result.push({ id: plan.update.id, date: row.date });
    }
    if (plan.insert) changes.inserts.push(stored(plan.insert));
  }
  return changes;
}

/** Writes the changes and rebuilds the availability index of the changed days. */
async function writeChanges(tx: Tx, userId: number, changes: Changes, cover: CoverAlertOptions) {
  const { deletes, updates, inserts, result } = changes;
  await deleteShifts(tx, deletes);
  for (const batch of batches(updates)) await updateShifts(tx, userId, batch);
  for (const batch of batches(inserts)) result.push(...(await insertShifts(tx, userId, batch)));
  await alertOffDays(tx, cover, userId, await syncAvailability(tx, userId, changes.changedDays));
}

/** The changed days' shifts, read back in day order, a batch at a time. */
async function readBack(tx: Tx, result: Changes["result"]): Promise<ShiftRow[]> {
  result.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
  const saved: ShiftRow[] = [];
  for (const batch of batches(result)) {
    saved.push(
      ...(await shiftsByIds(
        tx,
        batch.map((r) => r.id),
      )),
    );
  }
  return saved;
}

/**
 * Applies the rows of one file to the user's calendar in one transaction: each day the file
 * covers is replaced by its row (see planDay for what is kept), then the availability index of
 * those days is rebuilt. Rows whose day cannot change are returned as skipped; rows that would undo a
 * completed swap are returned as kept (unless `overwriteSwaps`).
 */
export async function applyRoster(
  db: Db,
  userId: number,
  rows: RosterRow[],
  options: ImportOptions,
): Promise<ImportOutcome> {
  if (rows.length === 0) return { shifts: [], skipped: [], kept: [] };
  return db.transaction(async (tx) => {
    const current = await lockCurrentDays(tx, userId, rows, options);
    const changes = await planChanges(rows, current);
    await writeChanges(tx, userId, changes, options.cover);
    return { shifts: await readBack(tx, changes.result), skipped: changes.skipped, kept: changes.kept };
  });
}
