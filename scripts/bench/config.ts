// The bench's command line and the settings derived from it, shared by every phase of `npm run bench`.
import { parseArgs } from "node:util";

export const { values: args } = parseArgs({
  options: {
    users: { type: "string" },
    quick: { type: "boolean", default: false },
    "database-url": { type: "string" },
    rate: { type: "string" },
    duration: { type: "string" },
    seed: { type: "string", default: "bench" },
    reseed: { type: "boolean", default: false },
    "skip-sockets": { type: "boolean", default: false },
    "skip-import": { type: "boolean", default: false },
    "skip-lighthouse": { type: "boolean", default: false },
    "skip-push-burst": { type: "boolean", default: false },
    "skip-cover-alerts": { type: "boolean", default: false },
    "skip-notifications": { type: "boolean", default: false },
    only: { type: "string" },
    repeat: { type: "string" },
    against: { type: "string" },
    embedded: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});

export const USAGE =
  "Usage: npm run bench -- [--quick] [--users N] [--rate R] [--duration S] [--repeat N] [--against REF] " +
  "[--database-url URL | --embedded] [--reseed] [--skip-sockets] [--skip-import] [--skip-lighthouse] [--skip-push-burst] [--skip-cover-alerts] [--skip-notifications] [--only family,…]";

export const quick = args.quick;
export const USERS = Number(args.users ?? (quick ? 500 : 10_000));
export const READ_RATE = Number(args.rate ?? 500);
export const WRITE_RATE = Math.max(1, Math.round(READ_RATE / 5));
// A smoke run (CI) only shows that every phase still works: as short as still measures something.
export const DURATION = Number(args.duration ?? (quick ? 2 : 15));
export const WARMUP = quick ? 0.5 : 3;
export const CONNECTIONS = 20;
export const PACED_CONNECTIONS = 64;
export const SQL_RUNS = quick ? 100 : 1000;
export const SQL_MAX_MS = quick ? 1000 : 5000;
export const BENCH_USERS = 4;
/** A budget's verdict is taken on the median of this many runs at least (DESIGN §7). */
export const VERDICT_RUNS = 3;
/**
 * A measured window is BUSY when the machine's neighbours took this much: CPU steal (a share of all
 * CPU time), or cores used by processes outside the bench (server, its database backends, the load
 * generator). Its latency is left out of the verdict and the run is done again (scripts/bench/runs.ts).
 */
export const BUSY_STEAL = 0.05;
export const BUSY_OTHER_CORES = 0.3;
/** Busy runs are done again until REPEAT quiet ones, up to this many runs in all per REPEAT. */
export const REDO_FACTOR = 2;
/** Runs of each family: three by default, so a full run gives verdicts; one in a smoke run. */
export const REPEAT = Math.max(1, Number(args.repeat ?? (quick ? 1 : VERDICT_RUNS)));
/** A against B needs alternations to tell a change from the machine's drift: at least three. */
export const ROUNDS = args.against ? Math.max(REPEAT, 3) : REPEAT;
export const BUDGETS = {
  readP99Ms: 25,
  /** DESIGN §7: a read's p99 within this many times the bare route's, measured in the same run. */
  bareFactor: 3,
  hubRangeP99Ms: 60,
  socketP99Ms: 50,
  importMs: 3000,
  eventLoopMs: 50,
  jsKb: 130,
};
/** DESIGN §7: a read's work per request within this many times the bare route's plus its SQL's. */
export const WORK_TO_FLOOR = 2;
export const MESSAGE_MARK = "bench message";

export const t0 = performance.now();
export const log = (msg: string) => console.error(`[bench ${((performance.now() - t0) / 1000).toFixed(0)}s] ${msg}`);

export const ms = (n: number | null | undefined) => (n === null || n === undefined ? "–" : `${n.toFixed(1)}`);
export const ratio = (a: number | null | undefined, b: number | null | undefined) =>
  a && b ? Math.round((a / b) * 10) / 10 : null;
