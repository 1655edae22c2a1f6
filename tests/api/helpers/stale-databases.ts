import pg from "pg";

/**
 * A run's id: the time it started, in base 36 (8 characters from 1972 to 2059), then its process id.
 * Each database of the run is named `crewswap_test_{runId}_{random}`.
 */
export const runIdAt = (ms: number, pid: number) => `${ms.toString(36)}${pid.toString(36)}`;

/** Runs older than this are over: no run of the suite takes a day. */
export const STALE_AFTER_MS = 24 * 3600 * 1000;

const TEST_DATABASE = /^crewswap_test_([0-9a-z]{8})[0-9a-z]*_[0-9a-f]+$/;

/** When the run that created the test database `name` started, or null for a name it did not give. */
export function runStartOf(name: string): number | null {
  const match = TEST_DATABASE.exec(name);
  return match ? Number.parseInt(match[1], 36) : null;
}

/**
 * Drops, on a shared server, the test databases of runs that started over a day before `now`: a run
 * that was killed never reached its teardown, and its databases would otherwise pile up. A database
 * still in use, or one this role may not drop, is left. Returns the names dropped.
 */
export async function dropStaleDatabases(url: string, now = Date.now()): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const dropped: string[] = [];
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'crewswap\\_test\\_%'",
    );
    for (const { datname } of rows) {
      const started = runStartOf(datname);
      if (started === null || now - started < STALE_AFTER_MS) continue;
      try {
        await client.query(`drop database if exists "${datname}"`);
        dropped.push(datname);
      } catch {
        // In use, or not ours to drop: the next run tries again.
      }
    }
  } finally {
    await client.end();
  }
  return dropped;
}
