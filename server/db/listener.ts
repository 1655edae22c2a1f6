import pg from "pg";
import { watchClient } from "./connection-loss";
import type { Db } from "./open";

export type EventListener = {
  /** Connects and LISTENs; on failure keeps retrying in the background. */
  start: () => Promise<void>;
  stop: () => Promise<void>;
  readonly connected: boolean;
};

/** LISTEN needs a connection of its own: to the given URL, else to the pool's database. */
export function listenConnectionString(db: Db, databaseUrl?: string): string {
  const connectionString = databaseUrl ?? db.$client?.options.connectionString;
  if (!connectionString) throw new Error("A LISTEN connection needs the database URL");
  return connectionString;
}

export type ListenerOptions = {
  /** What listens, for the logs and PostgreSQL's application_name: 'realtime', 'push'. */
  name: string;
  connectionString: string;
  channel: string;
  onNotification: (payload: string) => void;
  /** Called when the LISTEN connection is established (true) or lost (false). */
  onStatus?: (connected: boolean) => void;
  log: { warn: (obj: object, msg: string) => void; info: (msg: string) => void };
  /** How often the idle connection is checked, so a silently dead one is noticed. */
  checkMs?: number;
  minDelayMs?: number;
  maxDelayMs?: number;
};

/** A connection of its own for LISTEN: passes the channel's notifications on and reports its loss. */
function listenClient(opts: ListenerOptions, onLost: (c: pg.Client, err?: unknown) => void): pg.Client {
  const c = new pg.Client({
    connectionString: opts.connectionString,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    query_timeout: 10_000,
    application_name: `crewswap-${opts.name}`,
  });
  c.on("notification", (n) => {
    if (n.channel === opts.channel && n.payload) opts.onNotification(n.payload);
  });
  watchClient(c, (err) => onLost(c, err));
  c.on("end", () => onLost(c));
  return c;
}

/** Queries the idle connection every `checkMs`, so a silently dead one is noticed. */
function checkWhileIdle(c: pg.Client, checkMs: number, onDead: (c: pg.Client, err: unknown) => void) {
  const timer = setInterval(() => {
    c.query("select 1").catch((err) => onDead(c, err));
  }, checkMs);
  timer.unref();
  return timer;
}

/**
 * One dedicated PostgreSQL connection (not from the pool) that LISTENs on a channel, reconnecting
 * with exponential back-off whenever the connection drops.
 */
export function createEventListener(opts: ListenerOptions): EventListener {
  const minDelay = opts.minDelayMs ?? 250;
  const maxDelay = opts.maxDelayMs ?? 10_000;
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let checkTimer: NodeJS.Timeout | undefined;
  let everConnected = false;

  const channelIdent = `"${opts.channel.replace(/"/g, '""')}"`;

  function drop(c: pg.Client, err?: unknown) {
    if (client !== c) return;
    client = null;
    clearInterval(checkTimer);
    opts.log.warn({ err }, `lost the ${opts.name} LISTEN connection; reconnecting`);
    opts.onStatus?.(false);
    c.end().catch(() => undefined);
    scheduleRetry();
  }

  function scheduleRetry() {
    if (stopped || retryTimer) return;
    const base = Math.min(maxDelay, minDelay * 2 ** attempt);
    attempt += 1;
    const delay = base / 2 + Math.random() * (base / 2);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
  }

  async function connect(): Promise<void> {
    if (stopped || client) return;
    const c = listenClient(opts, drop);
    try {
      await c.connect();
      await c.query(`LISTEN ${channelIdent}`);
    } catch (err) {
      c.end().catch(() => undefined);
      if (!stopped) {
        opts.log.warn({ err }, `could not LISTEN for ${opts.name} events; retrying`);
        scheduleRetry();
      }
      return;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    attempt = 0;
    if (everConnected) opts.log.info(`${opts.name} LISTEN connection restored`);
    everConnected = true;
    checkTimer = checkWhileIdle(c, opts.checkMs ?? 30_000, drop);
    opts.onStatus?.(true);
  }

  return {
    start: connect,
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(checkTimer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
    get connected() {
      return client !== null;
    },
  };
}
