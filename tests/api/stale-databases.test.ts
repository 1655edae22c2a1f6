import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { dropStaleDatabases, runIdAt, runStartOf, STALE_AFTER_MS } from "./helpers/stale-databases";

const admin = inject("adminDatabaseUrl");
const now = Date.now();
// Names of this run's own, so that runs sharing a server never create the same one.
const tag = randomBytes(4).toString("hex");
const stale = `crewswap_test_${runIdAt(now - STALE_AFTER_MS - 60_000, 4242)}_${tag}`;
const recent = `crewswap_test_${runIdAt(now - 3600_000, 4243)}_${tag}`;
const notOurs = `crewswap_testing_${tag}`;

async function onAdmin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const existing = () =>
  onAdmin(async (c) => {
    const { rows } = await c.query<{ datname: string }>("select datname from pg_database where datname = any($1)", [
      [stale, recent, notOurs],
    ]);
    return rows.map((r) => r.datname).sort();
  });

afterAll(() =>
  onAdmin(async (c) => {
    for (const name of [stale, recent, notOurs]) await c.query(`drop database if exists "${name}"`);
  }),
);

describe("test databases left by runs that were killed", () => {
  it("reads when a run started from its databases' names", () => {
    expect(runStartOf(`crewswap_test_${runIdAt(now, 1234)}_deadbeef`)).toBe(now);
    expect(runStartOf("crewswap_bench")).toBeNull();
    expect(runStartOf(notOurs)).toBeNull();
  });

  it("are dropped once a day old; a run's own and everything else stay", async () => {
    await onAdmin(async (c) => {
      for (const name of [stale, recent, notOurs]) await c.query(`create database "${name}"`);
    });
    const dropped = await dropStaleDatabases(admin, now);
    expect(dropped).toContain(stale);
    expect(dropped).not.toContain(recent);
    expect(await existing()).toEqual([recent, notOurs].sort());
  });
});
