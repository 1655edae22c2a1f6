import { shiftWindow } from "../../common/working-time";
import type { WorkingTimeShift, WtrLimits } from "../../common/working-time-types";
import type { Conn } from "./queries";
import { type WindowKey, workingWindows } from "./warning-queries";

/**
 * Each person's working shifts around every date they might take, in one statement: the dates'
 * windows (`shiftWindow`) merged where they overlap, so no shift is read twice. Nothing when the
 * checks are off.
 */
export async function windowsAround(
  db: Conn,
  dates: ReadonlyMap<number, Iterable<string>>,
  limits: WtrLimits | null,
): Promise<Map<number, WorkingTimeShift[]>> {
  const out = new Map<number, WorkingTimeShift[]>();
  for (const id of dates.keys()) out.set(id, []);
  if (!limits) return out;
  const keys: WindowKey[] = [];
  for (const [userId, days] of dates) {
    const spans = [...new Set(days)].sort().map((d) => shiftWindow({ from: d, to: d }, limits));
    for (const span of spans) {
      const last = keys[keys.length - 1];
      // Spans of one length in date order: a later one ends no sooner.
      if (last && last.userId === userId && span.from <= last.to) last.to = span.to;
      else keys.push({ userId, ...span });
    }
  }
  const windows = await workingWindows(db, keys);
  keys.forEach((k, i) => {
    out.get(k.userId)?.push(...windows[i]);
  });
  return out;
}
