import { setImmediate } from "node:timers/promises";
import type { RowNote } from "../../common/imports";
import { lockUserDays, syncAvailability } from "../db/availability-index";
import type { Db } from "../db/open";
import type { ShiftRow } from "../db/schema";
import { checkShiftFields } from "../shifts/service";
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
export type ImportOptions = { overwriteSwaps?: boolean };

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
  options: ImportOptions = {},
): Promise<ImportOutcome> {
  if (rows.length === 0) return { shifts: [], skipped: [], kept: [] };
  return db.transaction(async (tx) => {
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

    const skipped: RowNote[] = [];
    const kept: RowNote[] = [];
    const deletes: number[] = [];
    const updates: Array<{ id: number } & StoredShift> = [];
    const inserts: StoredShift[] = [];
    const result: Array<{ id: number; date: string }> = [];
    const changedDays: string[] = [];
    for (const [i, row] of rows.entries()) {
      if (i > 0 && i % BATCH === 0) await setImmediate();
      const plan = planDay(byDay.get(row.date) ?? [], row, links.open, links.referenced);
      if (plan.kind === "skip" || offered.has(row.date)) {
        const reason = plan.kind === "skip" ? plan.reason : OPEN_OFF_DAY_REASON;
        skipped.push({ sheet: row.sheet, row: row.row, reason });
        continue;
      }
      const swap = swapped.get(row.date);
      if (swap && !showsDay(byDay.get(row.date) ?? [], row)) {
        kept.push({
          sheet: row.sheet,
          row: row.row,
          reason: keptSwapReason(swap.otherName, row.date, swap.grsApproved),
        });
        continue;
      }
      changedDays.push(row.date);
      deletes.push(...plan.deletes);
      for (const id of plan.kept) result.push({ id, date: row.date });
      if (plan.update) {
        updates.push({ id: plan.update.id, ...stored(plan.update.fields) });
        result.push({ id: plan.update.id, date: row.date });
      }
      if (plan.insert) inserts.push(stored(plan.insert));
    }

    await deleteShifts(tx, deletes);
    for (const batch of batches(updates)) await updateShifts(tx, userId, batch);
    for (const batch of batches(inserts)) result.push(...(await insertShifts(tx, userId, batch)));
    await syncAvailability(tx, userId, changedDays);

    // Read back in day order, a batch at a time.
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
    return { shifts: saved, skipped, kept };
  });
}
