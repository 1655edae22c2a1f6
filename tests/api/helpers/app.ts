import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { freePort } from "../../../scripts/lib/processes";
import { buildApp, type Limits, type ResponseContract } from "../../../server/app";
import type { Clock } from "../../../server/clock";
import { loadConfig } from "../../../server/config";
import { connect, type Database, runMigrations } from "../../../server/db/open";
import { createMailer, type Mail, type Mailer } from "../../../server/mail/mailer";
import type { NotificationWorkerOptions } from "../../../server/notifications/lifecycle";
import { type AddressLookup, systemLookup } from "../../../server/security/public-address";
import type { ShiftStartWorkerOptions } from "../../../server/swaps/shift-start-worker";

/** Creates a fresh database on the test server and returns its URL. */
export async function createDatabase(): Promise<string> {
  const admin = inject("adminDatabaseUrl");
  const name = `crewswap_test_${inject("runId")}_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

export type TestApp = {
  baseUrl: string;
  dataDir: string;
  database: Database;
  mails: Mail[];
  /** The routes' declared answers (response schemas), for the contract checks. */
  responseContracts: ResponseContract[];
  /** Runs the pass that closes requests whose shift started, now (by the app's clock). */
  closeStartedNow: () => Promise<void>;
  close: () => Promise<void>;
  restart: () => Promise<TestApp>;
};

/** Builds the app on its own fresh database and listens on a real port. */
export async function startTestApp(
  opts: {
    limits?: Partial<Limits>;
    env?: Record<string, string>;
    databaseUrl?: string;
    /** A real mailer (SMTP stand-in); by default mails are only collected in `mails`. */
    mailer?: Mailer;
    notificationWorker?: NotificationWorkerOptions;
    /** How push endpoints' hosts resolve when stored; by default `testLookup`. */
    lookup?: AddressLookup;
    /** The app's clock for timed work; by default the system's. */
    clock?: Clock;
    shiftStartWorker?: ShiftStartWorkerOptions;
  } = {},
): Promise<TestApp> {
  const databaseUrl = opts.databaseUrl ?? (await createDatabase());
  const database = await connect(databaseUrl, 10);
  await runMigrations(database);
  // The app accepts only its own host (APP_URL), so the port is chosen before it is built. Another
  // process can take that port before the app listens on it (any outgoing connection may be given
  // it): the app is then built again on another.
  const { app, port, dataDir, mails } = await listening(async (port) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-app-"));
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
      ALLOWED_EMAIL_DOMAINS: "nhs.net,nhs.uk",
      LOG_LEVEL: "silent",
      ...opts.env,
    });
    const mails: Mail[] = [];
    // The real mailer writes each mail to DATA_DIR/outbox as an .eml; `mails` keeps them for reading.
    const outbox = createMailer({
      from: config.mailFrom,
      outboxDir: path.join(dataDir, "outbox"),
      log: () => undefined,
    });
    const app = await buildApp(
      {
        config,
        db: database.db,
        databaseUrl,
        mailer: opts.mailer ?? {
          send: async (m) => {
            await outbox.send(m);
            mails.push(m);
          },
        },
        notificationWorker: opts.notificationWorker,
        lookup: opts.lookup ?? testLookup,
        clock: opts.clock,
        shiftStartWorker: opts.shiftStartWorker,
        limits: {
          authPerIp: 100_000,
          registrationsPerIp: 100_000,
          imports: { max: 100_000, windowMs: 60_000 },
          ...opts.limits,
        },
      },
      { logger: false },
    );
    return { app, port, dataDir, mails };
  }).catch(async (err) => {
    await database.close();
    throw err;
  });
  const close = async () => {
    await app.close();
    await database.close();
  };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    database,
    mails,
    responseContracts: app.responseContracts,
    closeStartedNow: () => app.closeStartedNow(),
    close,
    restart: async () => {
      await close();
      return startTestApp({ ...opts, databaseUrl });
    },
  };
}

/**
 * The reserved test names (RFC 2606: push.example.test, push.invalid) stand for a push service on
 * the public internet, at an address of IANA's; every other name resolves as usual. Only storing
 * an endpoint resolves with this: its pushes, if any, go nowhere, as those names resolve nowhere.
 */
export const testLookup: AddressLookup = (hostname) =>
  /\.(test|invalid)$/i.test(hostname) ? Promise.resolve(["192.0.43.10"]) : systemLookup(hostname);

/** Builds on a free port and listens there, building again on another when it was taken meanwhile. */
async function listening<T extends { app: Awaited<ReturnType<typeof buildApp>>; port: number }>(
  build: (port: number) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const built = await build(await freePort());
    try {
      await built.app.listen({ port: built.port, host: "127.0.0.1" });
      return built;
    } catch (err) {
      await built.app.close();
      if ((err as NodeJS.ErrnoException).code !== "EADDRINUSE" || attempt >= 5) throw err;
    }
  }
}

export { freePort };

/** Waits until the condition holds (work the app does after answering, such as mails). */
export async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
