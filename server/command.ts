import { existsSync } from "node:fs";
import type { Logger } from "pino";
import { type Config, ConfigError, loadConfig } from "./config";
import { DataDirInUseError, DataDirVersionError } from "./db/embedded";
import { createLogger } from "./logger";

/** Errors whose message is the whole story for an operator: one line, no stack. */
export class CommandError extends Error {}

const oneLine = [ConfigError, DataDirInUseError, DataDirVersionError, CommandError];

const stops = new Set<() => Promise<void>>();

/**
 * Registers what must be undone however the command ends (the embedded server it started): also on
 * a failure, a crash or a signal. Returns the stop, to call when the work is done.
 */
export function stopWhenCommandEnds(stop: () => Promise<void>): () => Promise<void> {
  stops.add(stop);
  return async () => {
    if (stops.delete(stop)) await stop();
  };
}

async function stopAll() {
  for (const stop of [...stops]) {
    stops.delete(stop);
    await stop().catch(() => undefined);
  }
}

/**
 * Runs an operator command (db:migrate, backup, restore) the way the server starts: settings from
 * the environment and ./.env, JSON log lines, and on any failure one line, exit code 1, and nothing
 * it started left running.
 */
export function runCommand(fn: (config: Config, logger: Logger) => Promise<void>) {
  if (existsSync(".env")) process.loadEnvFile(".env");
  let logger = createLogger(process.env.LOG_LEVEL || "info");
  let ending = false;
  const fail = async (err: unknown, code = 1) => {
    if (ending) return;
    ending = true;
    if (oneLine.some((type) => err instanceof type)) {
      logger.fatal((err as Error).message);
    } else {
      // The detail (stack, error fields) is there for LOG_LEVEL=debug; the operator gets one line.
      logger.debug({ err }, "failed");
      logger.fatal(`Failed: ${String((err as Error)?.message ?? err).split("\n")[0]}`);
    }
    await stopAll();
    process.exit(code);
  };
  process.on("uncaughtException", (err) => void fail(err));
  process.on("unhandledRejection", (reason) => void fail(reason));
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.once(signal, () => void fail(new CommandError(`Stopped by ${signal}`), code));
  }
  (async () => {
    const config = loadConfig();
    logger = createLogger(config.logLevel);
    await fn(config, logger);
  })().then(
    async () => {
      await stopAll();
      process.exit(0);
    },
    (err) => fail(err),
  );
}
