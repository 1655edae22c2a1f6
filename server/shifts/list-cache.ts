import type { Db } from "../db/open";
import { compressedForms, type Encoding } from "../http/compression";
import { type DayRange as Range, shiftsFingerprint, shiftsOfJson } from "./queries";

/**
 * A fingerprint of the user's shifts in a range: how many there are, and a hash over each one's id
 * and `xmin` (the transaction that wrote its current version). Any insert, update or delete that has
 * committed changes it, whichever app instance or code path made the change; it costs an index scan
 * and no JSON. Also the list's ETag.
 */
async function fingerprint(db: Db, userId: number, range: Range): Promise<string> {
  const row = await shiftsFingerprint(db, userId, range);
  return `W/"${row.n}-${BigInt(row.h).toString(36)}"`;
}

/** The list as JSON text, with its compressed forms made once per version on first use. */
export type ShiftList = { etag: string; json: string; compressed: (encoding: Encoding) => Buffer };

/**
 * GET /api/shifts behind a per-user cache: a year of shifts is large to build, and a calendar is
 * read far more often than it changes. Each read checks the fingerprint first, so a change is never
 * served stale. Entries are dropped oldest first past `maxBytes` of JSON.
 */
export function shiftListCache(db: Db, maxBytes: number) {
  const entries = new Map<string, ShiftList>();
  let bytes = 0;

  const drop = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    bytes -= old.json.length;
    entries.delete(key);
  };

  return async function list(userId: number, range: Range): Promise<ShiftList> {
    const key = `${userId}|${range.start ?? ""}|${range.end ?? ""}`;
    const etag = await fingerprint(db, userId, range);
    const hit = entries.get(key);
    if (hit && hit.etag === etag) {
      // Most recently used last, so eviction takes the least recently used.
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    // Read after the fingerprint: the list is at least as new as its tag, so a change committed in
    // between only makes the next read miss.
    const json = await shiftsOfJson(db, userId, range);
    const fresh = { etag, json, compressed: compressedForms(json) };
    drop(key);
    if (fresh.json.length <= maxBytes) {
      entries.set(key, fresh);
      bytes += fresh.json.length;
      while (bytes > maxBytes) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
    }
    return fresh;
  };
}
