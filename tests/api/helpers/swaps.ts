import { and, asc, eq } from "drizzle-orm";
import { addDays, todayInLondon } from "../../../common/dates";
import type { ShiftType } from "../../../common/enums";
import { syncAvailability } from "../../../server/db/availability-index";
import type { Db } from "../../../server/db/open";
import { shifts, userAvailability } from "../../../server/db/schema";
import { type Client, signedInClient } from "./client";

export type Party = { client: Client; id: number; firstName: string };

export async function party(baseUrl: string, overrides: Record<string, unknown> = {}): Promise<Party> {
  const { client, user } = await signedInClient(baseUrl, overrides);
  return { client, id: user.id, firstName: user.firstName };
}

/** A day `n` days after today in Europe/London. */
export const dayFromToday = (n: number) => addDays(todayInLondon(), n);

type ShiftSeed = {
  shiftType: ShiftType;
  startTime?: string | null;
  endTime?: string | null;
  isProtected?: boolean;
  restDayShiftInterest?: boolean;
};

const defaults: Partial<Record<ShiftType, { startTime: string; endTime: string }>> = {
  day: { startTime: "07:00", endTime: "19:00" },
  night: { startTime: "19:00", endTime: "07:00" },
  seeking_coverage: { startTime: "07:00", endTime: "19:00" },
};

/** Puts a shift straight into a calendar (and its availability index), as the calendar would. */
export async function addShift(db: Db, userId: number, date: string, seed: ShiftSeed): Promise<number> {
  return db.transaction(async (tx) => {
    const times = defaults[seed.shiftType];
    const [row] = await tx
      .insert(shifts)
      .values({
        userId,
        date,
        shiftType: seed.shiftType,
        startTime: seed.startTime !== undefined ? seed.startTime : (times?.startTime ?? null),
        endTime: seed.endTime !== undefined ? seed.endTime : (times?.endTime ?? null),
        isProtected: seed.isProtected ?? false,
        restDayShiftInterest: seed.restDayShiftInterest ?? false,
      })
      .returning();
    await syncAvailability(tx, userId, [date]);
    return row.id;
  });
}

export const offDay = (db: Db, userId: number, date: string) =>
  addShift(db, userId, date, { shiftType: "rest_day", restDayShiftInterest: true });

/** One user's calendar on some days: [date, type] pairs sorted, plus the availability index. */
export async function calendarOn(db: Db, userId: number, days: string[]) {
  const rows = await db
    .select()
    .from(shifts)
    .where(eq(shifts.userId, userId))
    .orderBy(asc(shifts.date), asc(shifts.id));
  const avail = await db
    .select()
    .from(userAvailability)
    .where(and(eq(userAvailability.userId, userId)))
    .orderBy(asc(userAvailability.date));
  return {
    shifts: rows.filter((r) => days.includes(r.date)).map((r) => ({ id: r.id, date: r.date, type: r.shiftType })),
    availability: Object.fromEntries(avail.filter((a) => days.includes(a.date)).map((a) => [a.date, a.status])),
  };
}
