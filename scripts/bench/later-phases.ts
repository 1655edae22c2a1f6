// The phases of `npm run bench` after the families: the roster import, push bursts beside reads,
// Lighthouse, sockets. Each lives in a file of its own; these run them with the bench's settings.
import { existsSync } from "node:fs";
import path from "node:path";
import { root } from "../lib/processes";
import { args, DURATION, log, quick, REPEAT, WARMUP } from "./config";
import { drive, requestsFor } from "./drive";
import { families } from "./families";
import { benchNotifications } from "./notifications";
import { foldBursts, foldNotifications, foldSockets, repeatRuns } from "./phase-repeats";
import { benchReadsDuringPushBurst } from "./push-burst";
import { waitForQuiet } from "./quiet";
import type { Servers } from "./servers";
import { pickUsers, signIn } from "./users";

async function optionalBench<T>(file: string, run: (mod: any) => Promise<T>): Promise<T | { status: string }> {
  const full = path.join(root, "scripts/bench", file);
  if (!existsSync(full)) return { status: "missing" };
  try {
    return await run(await import(full));
  } catch (err) {
    log(`${file} failed: ${(err as Error).stack ?? err}`);
    return { status: `error: ${(err as Error).message}` };
  }
}

/** Phase 4: the roster import (while the app runs) and socket delivery (on its own instances). */
export async function benchImport(servers: Servers, dbUrl: string) {
  if (args["skip-import"]) return undefined;
  log("roster import bench (scripts/bench/import.ts) …");
  return optionalBench("import.ts", (mod) =>
    mod.benchImport({
      baseUrl: servers.baseUrl,
      work: { serverPids: [servers.a.pid], dbUrl },
      log: (m: string) => log(`import: ${m}`),
      ...(quick ? { profiles: ["wide"], runs: 1, targetBytes: 1024 * 1024 } : {}),
    }),
  );
}

/** The read families most clinicians hit, each while bursts of 1,000 pushes fan out from the same process. */
export async function benchPushBurst(servers: Servers, dbUrl: string, today: string, quiet: Record<string, any>) {
  if (args["skip-push-burst"]) return undefined;
  const users = await Promise.all((await pickUsers(dbUrl, today)).map((u) => signIn(servers.baseUrl, u)));
  const chosen = families(today).filter((f) => ["swap_list", "shifts_list", "unread_count"].includes(f.name));
  // --repeat: each family's runs one after another, folded into one figure each (phase-repeats.ts).
  const picked = chosen.flatMap((f) => Array.from({ length: REPEAT }, () => f));
  const out = await benchReadsDuringPushBurst({
    dbUrl,
    work: { serverPids: [servers.a.pid], dbUrl },
    events: quick ? 200 : 1000,
    // As long as each family's run without pushes (DURATION), with a burst every 5 s of it.
    duration: DURATION,
    warmup: WARMUP,
    log: (m) => log(`push burst: ${m}`),
    families: picked.map((f) => ({
      name: f.name,
      rate: f.rate,
      requests: requestsFor(f, users, servers.baseUrl),
      quietP99: quiet[f.name]?.p99 ?? null,
    })),
    drive: (rate, requests, o) => drive(servers.baseUrl, rate, requests, o),
  });
  return { families: foldBursts(out.runs), workPerPush: out.workPerPush };
}

/** Cover alerts: the seed's reach, the eligibility step at 100 a second, a fan-out to 300 beside reads. */
export async function benchCoverAlertsPhase(
  servers: Servers,
  dbUrl: string,
  today: string,
  quiet: Record<string, any>,
) {
  if (args["skip-cover-alerts"]) return undefined;
  return optionalBench("cover-alerts.ts", (mod) => mod.benchCoverAlerts(servers, dbUrl, today, quiet));
}

/** Lighthouse (mobile) on / and the five signed-in pages, signed in as a seeded clinician. */
export async function benchLighthousePages(baseUrl: string, dbUrl: string, today: string) {
  if (args["skip-lighthouse"]) return undefined;
  log("Lighthouse, mobile, on / and the five signed-in pages (scripts/bench/lighthouse.ts, in its own process) …");
  await waitForQuiet(dbUrl, (m) => log(`lighthouse: ${m}`));
  const [picked] = await pickUsers(dbUrl, today);
  const user = await signIn(baseUrl, picked);
  return optionalBench("lighthouse-process.ts", (mod) =>
    mod.benchLighthouseInChild({
      baseUrl,
      cookie: user.cookie,
      // Otherwise lighthouse.ts's LIGHTHOUSE_RUNS.
      runs: quick ? 1 : undefined,
      log: (m: string) => log(`lighthouse: ${m}`),
    }),
  );
}

export async function benchSockets(dbUrl: string) {
  if (args["skip-sockets"]) return undefined;
  log("socket delivery bench (scripts/bench/sockets.ts) …");
  const adminUrl = new URL(dbUrl);
  adminUrl.pathname = "/postgres";
  const runs = await repeatRuns(
    REPEAT,
    () =>
      optionalBench("sockets.ts", (mod) =>
        mod.benchSocketDelivery({
          adminUrl: adminUrl.toString(),
          log: (m: string) => log(`sockets: ${m}`),
          ...(quick ? { sockets: 200, messages: 200 } : {}),
        }),
      ),
    (r: any) => Boolean(r?.deliveryMs),
  );
  return foldSockets(runs);
}

/** The two-instance notifications, --repeat times (each on a database of its own). */
export async function benchNotificationRuns(dbUrl: string) {
  if (args["skip-notifications"]) return undefined;
  const runs = await repeatRuns(
    REPEAT,
    (k) => {
      log(`two-instance notifications (run ${k} of ${REPEAT}) …`);
      return benchNotifications({ serverUrl: dbUrl, events: quick ? 200 : 1000 });
    },
    () => true,
  );
  return foldNotifications(runs);
}
