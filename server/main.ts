import path from "node:path";
import { buildApp } from "./app";
import { purgeExpired } from "./auth/sessions";
import { ConfigError, loadConfig } from "./config";
import { DataDirInUseError } from "./db/embedded";
import { openDatabase } from "./db/open";
import { createMailer } from "./mail/mailer";

const log = (msg: string) => console.log(`[crewswap] ${msg}`);

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, "outbox"),
    log,
  });
  const app = await buildApp({ config, db: database.db, databaseUrl: database.url, mailer });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log(`${signal} received: finishing requests in flight, then stopping`);
    clearInterval(purge);
    try {
      await app.close();
    } finally {
      await database.close();
    }
    log("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  const purge = setInterval(() => void purgeExpired(database.db).catch(() => undefined), 60 * 60 * 1000);
  purge.unref();

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await database.close();
    throw err;
  }
  log(`CrewSwap is ready on ${config.appUrl}${config.databaseUrl ? "" : ` (embedded database in ${config.dataDir})`}`);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError) {
    console.error(`[crewswap] ${err.message}`);
  } else {
    console.error("[crewswap] failed to start:", err);
  }
  process.exit(1);
});
