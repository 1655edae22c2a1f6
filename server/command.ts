import { existsSync } from "node:fs";
import type { Logger } from "pino";
import { type Config, ConfigError, loadConfig } from "./config";
import { DataDirInUseError, DataDirVersionError } from "./db/embedded";
import { createLogger } from "./logger";

/** Errors whose message is the whole story for an operator: one line, no stack. */
export class CommandError extends Error {}

const oneLine = [ConfigError, DataDirInUseError, DataDirVersionError, CommandError];

/**
 * Runs an operator command (db:migrate, backup, restore) the way the server starts: settings from
 * the environment and ./.env, JSON log lines, exit code 1 with one line on failure.
 */
export function runCommand(fn: (config: Config, logger: Logger) => Promise<void>) {
  if (existsSync(".env")) process.loadEnvFile(".env");
  let logger = createLogger(process.env.LOG_LEVEL || "info");
  (async () => {
    const config = loadConfig();
    logger = createLogger(config.logLevel);
    await fn(config, logger);
  })().then(
    () => process.exit(0),
    (err) => {
      if (oneLine.some((type) => err instanceof type)) logger.fatal(err.message);
      else logger.fatal({ err }, "failed");
      process.exit(1);
    },
  );
}
