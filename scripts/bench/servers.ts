// Phase 2 of `npm run bench`: the app as a real process, the bare Fastify route beside it, and with
// `--against <ref>` the same app built from that ref, on the same database.
import { randomBytes } from "node:crypto";
import path from "node:path";
import webpush from "web-push";
import { freePort, type Proc, spawnNode, waitForUrl } from "../lib/processes";
import { startAppInstance } from "./app-instance";
import { log } from "./config";

/** A server the families are driven against: A is this tree, B the `--against` ref. */
export type Target = { label: string; baseUrl: string; pid: number };

export type Servers = { baseUrl: string; barePort: number; barePid: number; a: Target; b?: Target; procs: Proc[] };

/** `against`: a built tree of another ref (scripts/bench/against.ts), run beside this one. */
export async function startServers(
  dbUrl: string,
  dataDir: string,
  procs: Proc[],
  against?: { dir: string; label: string },
): Promise<Servers> {
  log("starting the server and the bare Fastify baseline …");
  const barePort = await freePort();
  const bare = spawnNode("scripts/bench/bare-server.mjs", { PORT: String(barePort) });
  procs.push(bare);
  // Real VAPID keys: in the push-burst phase the app encrypts and signs every push it sends. One
  // session secret for both servers, so the clinicians signed in on A are signed in on B.
  const vapid = webpush.generateVAPIDKeys();
  const env = {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    PUSH_ALLOW_INSECURE: "true",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    DATABASE_URL: dbUrl,
    DATA_DIR: dataDir,
    // The cover-alert phase alerts the same colleagues with each of its requests: the daily cap
    // (5 by default) would send all but the first few to the digest instead of pushing them.
    COVER_ALERTS_PER_DAY: "100",
  };
  // As `npm start` runs it: the compiled server, built (if out of date) by prepare().
  const app = await startAppInstance(env);
  procs.push(app);
  let b: Target | undefined;
  if (against) {
    log(`starting ${against.label} beside it …`);
    const other = await startAppInstance(env, { script: path.join(against.dir, "dist/server/main.js") });
    procs.push(other);
    b = { label: against.label, baseUrl: other.baseUrl, pid: other.pid };
  }
  await waitForUrl(`http://127.0.0.1:${barePort}/bare`, bare);
  return {
    baseUrl: app.baseUrl,
    barePort,
    barePid: bare.pid,
    a: { label: "this tree", baseUrl: app.baseUrl, pid: app.pid },
    b,
    procs,
  };
}
