import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, statSync, watch } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db/open";
import { stopOrphanPostgres } from "./helpers";

/** Another account on the machine must not get at the embedded database (issue: a readable password in /tmp). */

let dataDir: string;
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  await stopOrphanPostgres(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});

const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);

it("keeps the password and DATA_DIR to the app's user and runs queries as a role that is no superuser", async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-privacy-"));
  chmodSync(dataDir, 0o755); // a parent PostgreSQL's user may pass through, as /var/lib would be
  // A temporary folder of its own for the first start: nothing may be written there.
  const tmp = mkdtempSync(path.join(os.tmpdir(), "crewswap-privacy-tmp-"));
  const tmpNames: string[] = [];
  const watcher = watch(tmp, (_event, name) => name && tmpNames.push(name));
  const savedTmp = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    database = await openDatabase({ dataDir: path.join(dataDir, "data"), log: () => undefined });
  } finally {
    process.env.TMPDIR = savedTmp;
    if (savedTmp === undefined) delete process.env.TMPDIR;
    watcher.close();
    rmSync(tmp, { recursive: true, force: true });
  }
  expect(tmpNames).toEqual([]);
  dataDir = path.join(dataDir, "data");
  expect(mode(dataDir)).toBe("700");
  expect(mode(path.join(dataDir, "db-password"))).toBe("600");
  expect(mode(path.join(dataDir, "db-app-password"))).toBe("600");

  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "nobody"]).toString());
    const gid = Number(execFileSync("id", ["-g", "nobody"]).toString());
    const asNobody = (cmd: string, args: string[]) => spawnSync(cmd, args, { uid, gid, encoding: "utf8" });
    const cat = asNobody("cat", [path.join(dataDir, "db-password")]);
    expect(cat.status).not.toBe(0);
    expect(cat.stderr).toContain("Permission denied");
    const ls = asNobody("ls", [dataDir]);
    expect(ls.status).not.toBe(0);
    expect(ls.stderr).toContain("Permission denied");
  }

  const { rows } = await database.pool.query(
    "select current_user as name, rolsuper, rolcreaterole, rolcreatedb from pg_roles where rolname = current_user",
  );
  expect(rows[0]).toEqual({ name: "crewswap", rolsuper: false, rolcreaterole: false, rolcreatedb: false });
  const notOwned = await database.pool.query(
    "select tablename from pg_tables where schemaname in ('public', 'drizzle') and tableowner <> current_user",
  );
  expect(notOwned.rows).toEqual([]);
  await expect(database.pool.query("select rolpassword from pg_authid")).rejects.toThrow(/permission denied/);
});
