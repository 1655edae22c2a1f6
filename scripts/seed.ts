import path from "node:path";
import { parseArgs } from "node:util";
import { startEmbeddedPostgres } from "../server/db/embedded";
import { SeedRefused, seedDatabase } from "./lib/seed-service";

const usage = `Usage: npm run seed -- --users N [--database-url URL] [--seed S] [--fresh] [--today yyyy-MM-dd]

Fills a CrewSwap database with a realistic service. Without --database-url (or DATABASE_URL) it
seeds the embedded database in DATA_DIR (default ./data), which the app must not be running on.
--fresh drops and recreates the database first; without it a database that has users is refused.`;

async function main() {
  const { values } = parseArgs({
    options: {
      users: { type: "string" },
      "database-url": { type: "string" },
      seed: { type: "string", default: "crewswap" },
      fresh: { type: "boolean", default: false },
      today: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help || !values.users) {
    console.log(usage);
    process.exit(values.help ? 0 : 1);
  }
  const users = Number(values.users);
  if (!Number.isInteger(users) || users < 2) {
    console.error("--users must be a whole number of at least 2");
    process.exit(1);
  }
  const t0 = performance.now();
  const log = (msg: string) => console.log(`[seed ${((performance.now() - t0) / 1000).toFixed(1)}s] ${msg}`);

  let url = values["database-url"] ?? process.env.DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  if (!url) {
    const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
    const server = await startEmbeddedPostgres(dataDir, log);
    url = server.url;
    stop = server.stop;
    log(`seeding the embedded database in ${dataDir}`);
  }
  try {
    const result = await seedDatabase({ url, users, seed: values.seed, fresh: values.fresh, today: values.today, log });
    log(
      `done in ${result.seconds.toFixed(1)} s: ${result.users} users, ${result.shifts} shifts, ` +
        `${result.availability} availability rows, ${result.swapRequests} swap requests ` +
        `(${Object.entries(result.byStatus)
          .map(([k, v]) => `${v} ${k}`)
          .join(", ")}), ${result.offers} offers, ${result.messages} messages`,
    );
    log(`every seeded account signs in with the password: ${result.password}`);
  } catch (err) {
    if (err instanceof SeedRefused) {
      console.error(`[seed] ${err.message}`);
      process.exitCode = 2;
    } else {
      throw err;
    }
  } finally {
    await stop?.();
  }
}

main().catch((err) => {
  console.error("[seed] failed:", err);
  process.exit(1);
});
