import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./open";
import { queryPrepared } from "./prepared";
import { changeLog } from "./schema";

/**
 * A cached answer's dependencies: the users whose calendars, profiles or swap requests it was built
 * from, the days whose calendars anyone may change it by (a colleague who marks one of them free
 * joins a list), and whether any profile change may (a colleague who takes this grade).
 */
export type Dependencies = { userIds: number[]; days?: { from: string; to: string }; anyProfile?: boolean };

/**
 * The reader's snapshot as PostgreSQL writes it (`xmin:xmax:xip,...`), taken in the statement that
 * read the data, so "changed since" means: a transaction this snapshot did not see has committed.
 */
export type Snapshot = string;

/** `pg_current_snapshot()` of the statement it is selected in, as a column. */
export const snapshotColumn = sql`pg_current_snapshot()::text`;

/**
 * Whether a transaction that the snapshot did not see has since committed a change to any of the
 * dependencies, as a boolean SQL expression (to fold into a statement a read runs anyway). Rows of
 * transactions older than the snapshot's xmin were all visible to it (or aborted and so never
 * committed a row), so the index range starts there and stays small.
 */
export function changedSql(snapshot: Snapshot, deps: Dependencies): SQL {
  return sql`exists (
      select 1 from ${changeLog} c
      where c.txid >= pg_snapshot_xmin(${snapshot}::pg_snapshot)
        and not pg_visible_in_snapshot(c.txid, ${snapshot}::pg_snapshot)
        and (c.user_id = any(${`{${deps.userIds.join(",")}}`}::int[])
          or (${deps.days?.from ?? null}::date is not null
            and c.from_day <= ${deps.days?.to ?? null}::date and c.to_day >= ${deps.days?.from ?? null}::date)
          or (${deps.anyProfile === true} and c.profile))
    )`;
}

/**
 * Planned for its values every time, never as a named prepared statement: a generic plan cannot see
 * that the snapshot's xmin is near the newest txid, and scanned the whole log (3.3 ms with 30,000
 * rows, against 0.04 ms by the index).
 */
export async function changedSince(db: Db, snapshot: Snapshot, deps: Dependencies): Promise<boolean> {
  const result = await db.execute<{ changed: boolean }>(sql`select ${changedSql(snapshot, deps)} as changed`);
  return result.rows[0].changed;
}

/** How long the log keeps a change: far beyond any cache entry's life and any transaction's. */
export const CHANGE_LOG_KEEP_MS = 60 * 60 * 1000;

export async function pruneChangeLog(db: Db): Promise<number> {
  const result = await db.execute(
    sql`delete from ${changeLog} where ${changeLog.at} < now() - make_interval(secs => ${CHANGE_LOG_KEEP_MS / 1000})`,
  );
  return result.rowCount ?? 0;
}

/** The snapshot a statement run now would read with. */
export async function currentSnapshot(db: Db): Promise<Snapshot> {
  const [row] = await queryPrepared<{ snapshot: string }>(db, sql`select ${snapshotColumn} as snapshot`);
  return row.snapshot;
}

type Entry<V> = { value: V; snapshot: Snapshot; deps: Dependencies; at: number };

/** How long an entry may be used at most, whatever the log says: well inside CHANGE_LOG_KEEP_MS. */
export const ENTRY_TTL_MS = 5 * 60 * 1000;

/**
 * Answers kept in this process and served only while the change log shows no committed change to
 * what they were built from. The snapshot is taken before the answer is read, so a change that
 * commits while it is being built makes the next read rebuild it, never serve it. Entries past
 * `maxEntries` go least recently used first.
 */
export function coherentCache<V>(db: Db, maxEntries: number) {
  const entries = new Map<string, Entry<V>>();

  type Build = () => Promise<{ value: V; deps: Dependencies; snapshot?: Snapshot | null }>;

  /** The entry for `key` if it is young enough to check; whether it is still right is the caller's to ask. */
  function peek(key: string): Pick<Entry<V>, "value" | "snapshot" | "deps"> | undefined {
    const entry = entries.get(key);
    if (!entry || Date.now() - entry.at >= ENTRY_TTL_MS) return undefined;
    // Most recently used last, so eviction takes the least recently used.
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }

  /**
   * Builds and keeps the answer for `key`. `build` may return the snapshot of its own first
   * statement (selecting `snapshotColumn` beside the data), which saves a round trip; an answer
   * built without one that way is not kept.
   */
  async function rebuild(key: string, build: Build, opts: { snapshotFromBuild?: boolean } = {}): Promise<V> {
    entries.delete(key);
    const before = opts.snapshotFromBuild ? undefined : await currentSnapshot(db);
    const at = Date.now();
    const built = await build();
    const snapshot = before ?? built.snapshot;
    if (!snapshot) return built.value;
    entries.set(key, { value: built.value, snapshot, deps: built.deps, at });
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    return built.value;
  }

  /** The kept answer for `key` if the change log shows no change to it, else `build`'s. */
  async function get(key: string, build: Build, opts: { snapshotFromBuild?: boolean } = {}): Promise<V> {
    const kept = peek(key);
    if (kept && !(await changedSince(db, kept.snapshot, kept.deps))) return kept.value;
    return rebuild(key, build, opts);
  }

  return { get, peek, rebuild, size: () => entries.size };
}
