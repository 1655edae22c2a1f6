import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { addDays } from "../../common/dates";
import { tableFingerprints } from "../../server/backup/tables";
import { runningEmbeddedUrl } from "../../server/db/embedded";
import journal from "../../server/db/migrations/meta/_journal.json";
import { appliedSchemaVersion, connect, runMigrations, shippedSchemaVersion } from "../../server/db/open";
import {
  type AppProcess,
  createDatabase,
  PASSWORD,
  registeredSession,
  root,
  Session,
  sleep,
  startApp,
  stopApp,
  stopOrphanPostgres,
} from "./helpers";

const exec = promisify(execFile);

/** Runs an operator command from source, as `npm run backup/restore` runs its compiled form. */
async function command(script: string, args: string[], env: Record<string, string>) {
  const clean = { ...process.env };
  for (const key of ["DATABASE_URL", "TEST_DATABASE_URL", "DATA_DIR"]) delete clean[key];
  try {
    const { stdout, stderr } = await exec(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: root,
      env: { ...clean, LOG_LEVEL: "info", ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}
const backup = (file: string, env: Record<string, string>) => command("server/backup/backup-command.ts", [file], env);
const restore = (file: string, env: Record<string, string>, ...flags: string[]) =>
  command("server/backup/restore-command.ts", [file, ...flags], env);

async function fingerprints(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await tableFingerprints(client);
  } finally {
    await client.end();
  }
}

describe("backup and restore", () => {
  const dirs: string[] = [];
  const apps: AppProcess[] = [];
  const drops: Array<() => Promise<void>> = [];
  const tempDir = (tag: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), `crewswap-backup-${tag}-`));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const app of apps) await stopApp(app);
    for (const dir of dirs) {
      await stopOrphanPostgres(dir);
      rmSync(dir, { recursive: true, force: true });
    }
    for (const drop of drops) await drop();
  });

  it("snapshots a serving embedded database during writes and restores it elsewhere, same content", async () => {
    const dataDir = tempDir("source");
    const app = await startApp({ dataDir });
    apps.push(app);
    const { session, email } = await registeredSession(app.baseUrl);
    for (let i = 0; i < 3; i++) await registeredSession(app.baseUrl);

    let stopped = false;
    let day = 0;
    const acknowledged: string[] = [];
    const writer = async () => {
      const client = new Session(app.baseUrl);
      client.cookie = session.cookie;
      while (!stopped) {
        const date = addDays("2036-01-01", day++);
        const res = await client.request("POST", "/api/shifts", { date, shiftType: "day", notes: `b ${date}` });
        if (res.status === 201) acknowledged.push(date);
      }
    };
    const writers = [writer(), writer()];
    await sleep(500);
    const before = [...acknowledged];
    const file = path.join(tempDir("files"), "crewswap.backup.gz");
    const taken = await backup(file, { DATA_DIR: dataDir });
    const after = acknowledged.length;
    stopped = true;
    await Promise.all(writers);
    expect(taken.code, taken.output).toBe(0);
    expect(after, "writes went on during the backup").toBeGreaterThan(before.length);

    // Into a fresh data directory (the embedded server is started for the restore).
    const freshDir = tempDir("restored");
    const intoDir = await restore(file, { DATA_DIR: freshDir });
    expect(intoDir.code, intoDir.output).toBe(0);
    // Into a fresh database on the machine's PostgreSQL.
    const { url, drop } = await createDatabase();
    drops.push(drop);
    const intoPg = await restore(file, { DATABASE_URL: url });
    expect(intoPg.code, intoPg.output).toBe(0);

    const restoredApp = await startApp({ dataDir: freshDir });
    apps.push(restoredApp);
    const fromDir = await fingerprints(runningEmbeddedUrl(freshDir) as string);
    const fromPg = await fingerprints(url);
    expect(fromPg).toEqual(fromDir);
    expect(Object.keys(fromDir)).toContain("shifts");

    // Every write acknowledged before the backup began is in it; the source has at least as much.
    const reader = new Session(restoredApp.baseUrl);
    expect((await reader.request("POST", "/api/auth/login", { email, password: PASSWORD })).status).toBe(200);
    const list = await reader.request("GET", "/api/shifts");
    expect(list.status).toBe(200);
    const dates = new Set((list.body as { date: string }[]).map((s) => s.date));
    expect(before.filter((d) => !dates.has(d))).toEqual([]);
    const live = await fingerprints(runningEmbeddedUrl(dataDir) as string);
    expect(Number(live.shifts.split(" ")[0])).toBeGreaterThanOrEqual(Number(fromDir.shifts.split(" ")[0]));

    // Sequences came along: new rows on the copy get fresh ids.
    const newcomer = await registeredSession(restoredApp.baseUrl);
    expect(newcomer.userId).toBeGreaterThan(4);
    expect((await reader.request("POST", "/api/shifts", { date: "2040-01-01", shiftType: "day" })).status).toBe(201);

    // A database with rows is refused unless told.
    const again = await restore(file, { DATABASE_URL: url });
    expect(again.code).toBe(1);
    expect(again.output).toContain("is not empty");
    expect(await fingerprints(url)).toEqual(fromPg);
    const forced = await restore(file, { DATABASE_URL: url }, "--force");
    expect(forced.code, forced.output).toBe(0);
    expect(await fingerprints(url)).toEqual(fromPg);

    // Once writes have stopped, a backup restores to exactly what the source holds, table by table.
    const quiet = await fingerprints(runningEmbeddedUrl(dataDir) as string);
    const second = path.join(tempDir("files"), "quiet.backup.gz");
    const takenQuiet = await backup(second, { DATA_DIR: dataDir });
    expect(takenQuiet.code, takenQuiet.output).toBe(0);
    expect(await fingerprints(runningEmbeddedUrl(dataDir) as string), "the source did not change meanwhile").toEqual(
      quiet,
    );
    const copy = await createDatabase();
    drops.push(copy.drop);
    const intoCopy = await restore(second, { DATABASE_URL: copy.url });
    expect(intoCopy.code, intoCopy.output).toBe(0);
    expect(await fingerprints(copy.url)).toEqual(quiet);
  });

  it("restores a backup of an older schema into a newer CrewSwap: built at the backup's schema, filled, then migrated", async () => {
    // A database as an older CrewSwap left it: migrated only to 0002, before shifts had updated_at.
    const old = journal.entries.find((e) => e.tag === "0002_users_browse_idx") as { tag: string; when: number };
    const source = await createDatabase();
    drops.push(source.drop);
    const database = await connect(source.url, 1);
    try {
      await runMigrations(database, { upTo: old.when });
      await database.pool.query(
        `insert into users (username, email, password, first_name, last_name) values ('ann@nhs.net', 'ann@nhs.net', 'x', 'Ann', 'Old')`,
      );
      await database.pool.query(
        `insert into shifts (user_id, date, shift_type) select id, '2035-03-01', 'day' from users`,
      );
      const columns = await database.pool.query(
        `select 1 from information_schema.columns where table_name = 'shifts' and column_name = 'updated_at'`,
      );
      expect(columns.rowCount, "the old schema has no shifts.updated_at").toBe(0);
    } finally {
      await database.close();
    }
    const file = path.join(tempDir("files"), "old.backup.gz");
    const taken = await backup(file, { DATABASE_URL: source.url });
    expect(taken.code, taken.output).toBe(0);
    expect(taken.output).toContain("0002_users_browse_idx");

    const shipped = shippedSchemaVersion();
    const check = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        expect(await appliedSchemaVersion((q) => client.query(q))).toBe(shipped.when);
        const { rows } = await client.query(
          `select u.first_name, s.date, s.updated_at is not null as stamped from shifts s join users u on u.id = s.user_id`,
        );
        expect(rows).toEqual([{ first_name: "Ann", date: "2035-03-01", stamped: true }]);
      } finally {
        await client.end();
      }
    };
    const target = await createDatabase();
    drops.push(target.drop);
    const intoPg = await restore(file, { DATABASE_URL: target.url });
    expect(intoPg.code, intoPg.output).toBe(0);
    expect(intoPg.output).toContain(`from schema 0002_users_browse_idx to ${shipped.tag}`);
    await check(target.url);

    const freshDir = tempDir("upgraded");
    const intoDir = await restore(file, { DATA_DIR: freshDir });
    expect(intoDir.code, intoDir.output).toBe(0);
    const app = await startApp({ dataDir: freshDir });
    apps.push(app);
    await check(runningEmbeddedUrl(freshDir) as string);
    const health = await fetch(`${app.baseUrl}/api/health`);
    expect(await health.json()).toEqual({ status: "ok", database: "ok", migrations: "ok" });

    // A database already at the newer schema is not taken back to the old one.
    const refused = await restore(file, { DATABASE_URL: target.url }, "--force");
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("is already at");
  });

  it("refuses a data directory of another PostgreSQL major with one line saying how to move it", async () => {
    const dataDir = tempDir("pg17");
    mkdirSync(path.join(dataDir, "pg"));
    writeFileSync(path.join(dataDir, "pg", "PG_VERSION"), "17\n");
    const run = await command("server/main.ts", [], { DATA_DIR: dataDir, PORT: "0" });
    expect(run.code).toBe(1);
    const fatal = run.output
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .filter((l) => l.level === 60);
    expect(fatal).toHaveLength(1);
    expect(fatal[0].msg).toContain("holds a PostgreSQL 17 database but this CrewSwap ships PostgreSQL 18");
    expect(fatal[0].msg).toContain("npm run backup -- FILE");
    expect(fatal[0].msg).toContain("npm run restore -- FILE");
  });
});
