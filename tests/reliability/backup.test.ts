import { execFile, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync, gzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { addDays } from "../../common/dates";
import { root } from "../../scripts/lib/processes";
import { appTables, qualified } from "../../server/backup/tables";
import { runningEmbeddedUrl } from "../../server/db/embedded";
import journal from "../../server/db/migrations/meta/_journal.json";
import { appliedSchemaVersion, connect, runMigrations, shippedSchemaVersion } from "../../server/db/open";
import {
  type AppProcess,
  createDatabase,
  PASSWORD,
  postmasterPid,
  registeredSession,
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
      // A command that hangs is killed (and fails the test) rather than holding the run.
      timeout: 90_000,
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

/** Per table: the row count and a checksum of the content, for comparing two databases. */
async function tableFingerprints(client: pg.ClientBase): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of await appTables(client)) {
    const { rows } = await client.query<{ n: string; sum: string | null }>(
      `select count(*)::text as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as sum from ${qualified(table.name)} t`,
    );
    result[table.name] = `${rows[0].n} ${rows[0].sum}`;
  }
  return result;
}

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

    const sourceKey = (await session.request("GET", "/api/push/public-key")).body.publicKey as string;

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

    // The keys came along: the session signed in on the source is still signed in (its cookie is
    // signed with the same secret) and browsers subscribed to pushes keep the same VAPID key.
    const carried = new Session(restoredApp.baseUrl);
    carried.cookie = session.cookie;
    expect((await carried.request("GET", "/api/auth/user")).status).toBe(200);
    expect((await carried.request("GET", "/api/push/public-key")).body.publicKey).toBe(sourceKey);
    expect(existsSync(path.join(freshDir, "session-secret")), "no key files: the keys are in the database").toBe(false);

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
    expect(intoPg.output, "a backup without keys says what to copy").toContain("copy session-secret and vapid.json");
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

  /** The fatal lines of a command's output: a failure is told in exactly one. */
  const fatalLines = (output: string) =>
    output
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .filter((l) => l.level === 60)
      .map((l) => l.msg as string);

  it("refuses a cut, damaged or foreign file with one line, before any database is touched, and leaves no PostgreSQL running", async () => {
    const source = await createDatabase();
    drops.push(source.drop);
    const database = await connect(source.url, 1);
    try {
      await runMigrations(database);
      await database.pool.query(
        `insert into users (username, email, password, first_name, last_name)
         select 'u' || g || '@nhs.net', 'u' || g || '@nhs.net', 'x', 'Ann' || g, 'Old' from generate_series(1, 2000) g`,
      );
    } finally {
      await database.close();
    }
    const files = tempDir("damaged");
    const good = path.join(files, "good.gz");
    const taken = await backup(good, { DATABASE_URL: source.url });
    expect(taken.code, taken.output).toBe(0);
    const bytes = readFileSync(good);
    const text = gunzipSync(bytes).toString();
    const flipped = Buffer.from(bytes);
    for (let i = bytes.length >> 1; i < (bytes.length >> 1) + 8; i++) flipped[i] ^= 0xff;
    const rows = text.split("\n");
    const row = rows.findIndex((l) => l.includes("u1000@nhs.net"));
    const bad: Record<string, { content: Buffer; says: string }> = {
      truncated: { content: bytes.subarray(0, bytes.length >> 1), says: "is cut short" },
      flipped: { content: flipped, says: "is damaged" },
      junk: { content: Buffer.from("not a backup\n".repeat(50)), says: "is not a CrewSwap backup" },
      "cut mid-row": {
        content: gzipSync(text.slice(0, text.indexOf("u1000@nhs.net"))),
        says: "ends in the middle of table users",
      },
      "a row short": {
        content: gzipSync([...rows.slice(0, row), ...rows.slice(row + 1)].join("\n")),
        says: "has 1999 rows where its header counted 2000",
      },
    };
    for (const [name, { content, says }] of Object.entries(bad)) {
      const file = path.join(files, `${name}.gz`);
      writeFileSync(file, content);
      const dataDir = path.join(tempDir("damaged-into"), "data");
      const run = await restore(file, { DATA_DIR: dataDir });
      expect(run.code, `${name}: ${run.output}`).toBe(1);
      const fatal = fatalLines(run.output);
      expect(fatal, name).toHaveLength(1);
      expect(fatal[0], name).toContain("Not restored");
      expect(fatal[0], name).toContain(says);
      expect(run.output, name).not.toContain("    at ");
      expect(existsSync(dataDir), `${name}: no DATA_DIR created for a file that cannot be restored`).toBe(false);
    }

    // A file whose rows PostgreSQL refuses is found only while loading: the embedded server the
    // restore started is stopped all the same, and nothing is left in the database.
    const refused = path.join(files, "refused.gz");
    const wrong = [...rows];
    wrong[row] = `not-a-number${wrong[row].slice(wrong[row].indexOf("\t"))}`;
    writeFileSync(refused, gzipSync(wrong.join("\n")));
    const dataDir = tempDir("refused-into");
    const run = await restore(refused, { DATA_DIR: dataDir });
    expect(run.code, run.output).toBe(1);
    expect(fatalLines(run.output)).toEqual([expect.stringContaining("Not restored (nothing was changed)")]);
    expect(postmasterPid(dataDir), "the embedded PostgreSQL was stopped").toBeUndefined();
    expect(existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
    const again = await restore(good, { DATA_DIR: dataDir });
    expect(again.code, `the failed restore left the database empty: ${again.output}`).toBe(0);
    expect(postmasterPid(dataDir)).toBeUndefined();
  });

  it("stops the embedded server it started when interrupted (Ctrl-C) during a restore", async () => {
    const source = await createDatabase();
    drops.push(source.drop);
    const database = await connect(source.url, 1);
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
    const file = path.join(tempDir("interrupted"), "small.gz");
    expect((await backup(file, { DATABASE_URL: source.url })).code).toBe(0);
    const dataDir = tempDir("interrupted-into");
    const clean = { ...process.env };
    for (const key of ["DATABASE_URL", "TEST_DATABASE_URL", "DATA_DIR"]) delete clean[key];
    const child = spawn(process.execPath, ["--import", "tsx", "server/backup/restore-command.ts", file], {
      cwd: root,
      env: { ...clean, LOG_LEVEL: "info", DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c) => {
      output += c;
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    // As soon as its PostgreSQL runs (while it migrates or loads), the operator presses Ctrl-C.
    while (!postmasterPid(dataDir) && child.exitCode === null) await sleep(20);
    expect(postmasterPid(dataDir), "the restore started its PostgreSQL").toBeDefined();
    child.kill("SIGINT");
    expect(await exited, output).not.toBe(0);
    expect(postmasterPid(dataDir), "no PostgreSQL left running").toBeUndefined();
  });

  it("never backs up a database it would have to create, and says so in one line", async () => {
    const files = tempDir("nowhere");
    // A mistyped DATA_DIR: nothing is created there, no file is written.
    const mistyped = path.join(tempDir("typo"), "dta");
    const typo = await backup(path.join(files, "typo.gz"), { DATA_DIR: mistyped });
    expect(typo.code, typo.output).toBe(1);
    expect(fatalLines(typo.output)).toEqual([expect.stringContaining(`no CrewSwap database in ${mistyped}`)]);
    expect(existsSync(mistyped)).toBe(false);
    expect(existsSync(path.join(files, "typo.gz"))).toBe(false);

    // A DATABASE_URL that names an empty database.
    const empty = await createDatabase();
    drops.push(empty.drop);
    const none = await backup(path.join(files, "empty.gz"), { DATABASE_URL: empty.url });
    expect(none.code, none.output).toBe(1);
    expect(fatalLines(none.output)).toEqual([expect.stringContaining("holds no CrewSwap database")]);
    expect(existsSync(path.join(files, "empty.gz"))).toBe(false);

    // A destination folder that does not exist, from a stopped embedded database.
    const dataDir = tempDir("stopped");
    const made = await command("server/db/migrate-command.ts", [], { DATA_DIR: dataDir });
    expect(made.code, made.output).toBe(0);
    const missing = await backup(path.join(files, "no-such-folder", "x.gz"), { DATA_DIR: dataDir });
    expect(missing.code, missing.output).toBe(1);
    expect(fatalLines(missing.output)).toEqual([expect.stringContaining("there is no folder")]);
    expect(missing.output).not.toContain("    at ");
    expect(postmasterPid(dataDir), "no PostgreSQL left running").toBeUndefined();
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
