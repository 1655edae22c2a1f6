import { existsSync } from "node:fs";
import path from "node:path";
import { buildApp } from "./app";
import { purgeExpired } from "./auth/session-queries";
import { type Config, ConfigError, loadConfig } from "./config";
import { pruneChangeLog } from "./db/change-log";
import { isConnectionLoss } from "./db/connection-loss";
import { DataDirInUseError, DataDirVersionError } from "./db/embedded";
import { type Database, openDatabase } from "./db/open";
import { createLogger } from "./logger";
import { createMailer } from "./mail/mailer";
import { nodeVersionProblem } from "./node-version";
import { pruneOutbox } from "./notifications/outbox-queries";
import { withStoredSecrets } from "./security/app-secrets";

// Settings from ./.env, when there is one; variables already set in the environment win.
if (existsSync(".env")) process.loadEnvFile(".env");

let logger = createLogger(process.env.LOG_LEVEL || "info");

// Work started outside a request (a background check, a worker) can meet a database
// that just went away: that is logged, not a reason to stop serving. Anything else still ends the process.
process.on("unhandledRejection", (reason) => {
  if (!isConnectionLoss(reason)) throw reason;
  logger.warn({ err: reason }, "database unavailable (background work)");
});

const log = (msg: string) => logger.info(msg);

async function main() {
  const nodeProblem = nodeVersionProblem();
  if (nodeProblem?.fatal) throw new ConfigError(nodeProblem.message);
  if (nodeProblem) logger.warn(nodeProblem.message);

  const settings = loadConfig();
  logger = createLogger(settings.logLevel);
  const database = await openDatabase({
    databaseUrl: settings.databaseUrl,
    dataDir: settings.dataDir,
    log,
    keepOpen: true,
  });
  // Whatever fails from here on, the embedded database started above is stopped before the exit.
  await serve(settings, database).catch(async (err) => {
    await database.close();
    throw err;
  });
}

async function serve(settings: Config, database: Database) {
  const config = await withStoredSecrets(settings, database.db, (msg) => logger.warn(msg));
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, "outbox"),
    log,
  });
  log(`Email verification: ${config.emailVerification} (EMAIL_VERIFICATION; default required with SMTP_URL, else off)`);
  const app = await buildApp(
    {
      config,
      db: database.db,
      databaseUrl: database.url,
      mailer,
      limits: { registrationsPerIp: config.registrationsPerIpPerHour },
    },
    { loggerInstance: logger },
  );

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

  const purge = setInterval(
    () => {
      void purgeExpired(database.db).catch(() => undefined);
      void pruneChangeLog(database.db).catch(() => undefined);
      void pruneOutbox(database.db).catch(() => undefined);
    },
    60 * 60 * 1000,
  );
  purge.unref();

  await app.listen({
    port: config.port,
    host: config.host,
    // Fastify names every address it listens on, but only APP_URL's host is served (421 otherwise).
    listenTextResolver: (address) => `Listening on ${address}; CrewSwap answers only as ${config.appUrl} (APP_URL)`,
  });
  log(`CrewSwap is ready on ${config.appUrl}${config.databaseUrl ? "" : ` (embedded database in ${config.dataDir})`}`);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof DataDirVersionError) {
    logger.fatal(err.message);
  } else {
    logger.fatal({ err }, "failed to start");
  }
  // pino writes synchronously to stdout, so the line is out before the process ends.
  process.exit(1);
});
