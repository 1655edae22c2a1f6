import { setImmediate } from "node:timers/promises";
import { and, asc, eq, sql } from "drizzle-orm";
import type { RowNote } from "../../common/imports";
import { lockUserDays } from "../availability/queries";
import { syncAvailability } from "../availability/sync";
import type { Db } from "../db/open";
import { type ShiftRow, shifts } from "../db/schema";
import { checkShiftFields } from "../shifts/service";
import {
  type ExistingShift,
  keptSwapReason,
  type NewShiftFields,
  OPEN_OFF_DAY_REASON,
  planDay,
  showsDay,
} from "./import-plan";
import { dayList, intList, offDaysInOpenRequests, type SwappedDay, swapLinks, swappedDays } from "./queries";
import type { RosterRow } from "./roster-parse";

export type ImportOutcome = { shifts: ShiftRow[]; skipped: RowNote[]; kept: RowNote[] };
export type ImportOptions = { overwriteSwaps?: boolean };

/** Key space of the per-user advisory lock that serialises two imports of one user. */
const IMPORT_LOCK = 727_401;

function stored(f: NewShiftFields) {
  const n = checkShiftFields(f);
  return {
    date: n.date,
    shift_type: n.shiftType,
    start_time: n.startTime,
    end_time: n.endTime,
    notes: n.notes,
    location: n.location,
    is_protected: n.isProtected,
    rest_day_shift_interest: n.restDayShiftInterest,
  };
}

/** Rows handled between two yields to the event loop, so a long roster never holds up other requests. */
const BATCH = 500;

function* batches<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += BATCH) yield items.slice(i, i + BATCH);
}

const updateFrom = (userId: number, rows: unknown[]) => sql`
  update shifts s set
    shift_type = v.shift_type, start_time = v.start_time, end_time = v.end_time, notes = v.notes,
    location = v.location, is_protected = v.is_protected, rest_day_shift_interest = v.rest_day_shift_interest,
    updated_at = now(), revision = s.revision + 1
  from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
    id int, shift_type shift_type, start_time varchar, end_time varchar, notes text, location varchar,
    is_protected boolean, rest_day_shift_interest boolean)
  where s.id = v.id and s.user_id = ${userId}`;

const insertFrom = (userId: number, rows: unknown[]) => sql`
  insert into shifts (user_id, date, shift_type, start_time, end_time, notes, location, is_protected, rest_day_shift_interest)
  select ${userId}, v.date, v.shift_type, v.start_time, v.end_time, v.notes, v.location, v.is_protected, v.rest_day_shift_interest
  from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
    date date, shift_type shift_type, start_time varchar, end_time varchar, notes text, location varchar,
    is_protected boolean, rest_day_shift_interest boolean)
  returning id, to_char(date, 'YYYY-MM-DD') as date`;

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
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK}, ${userId})`);
    // The user's day lock before any shift row, the order swaps and the shift form use.
    await lockUserDays(tx, userId);
    const existing: ShiftRow[] = [];
    for (const days of batches([...new Set(rows.map((r) => r.date))])) {
      existing.push(
        ...(await tx
          .select()
          .from(shifts)
          .where(and(eq(shifts.userId, userId), sql`${shifts.date} = any(${dayList(days)})`))
          .orderBy(asc(shifts.id))
          .for("update")),
      );
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
    const updates: Array<{ id: number } & ReturnType<typeof stored>> = [];
    const inserts: ReturnType<typeof stored>[] = [];
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

    if (deletes.length > 0) await tx.delete(shifts).where(sql`${shifts.id} = any(${intList(deletes)})`);
    for (const batch of batches(updates)) await tx.execute(updateFrom(userId, batch));
    for (const batch of batches(inserts)) {
      const { rows: added } = await tx.execute<{ id: number; date: string }>(insertFrom(userId, batch));
      result.push(...added);
    }
    await syncAvailability(tx, userId, changedDays);

    // Read back in day order, a batch at a time.
    result.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
    const saved: ShiftRow[] = [];
    for (const batch of batches(result)) {
      saved.push(
        ...(await tx
          .select()
          .from(shifts)
          .where(sql`${shifts.id} = any(${intList(batch.map((r) => r.id))})`)
          .orderBy(asc(shifts.date), asc(shifts.id))),
      );
    }
    return { shifts: saved, skipped, kept };
  });
}
