import { COVER_DIGEST_HEADING } from "../../common/cover-alert-rules";
import type { Clock } from "../clock";
import type { Db } from "../db/open";
import type { Mail, Mailer } from "../mail/mailer";
import {
  type DigestSettings,
  dueUsers,
  finishEmailRows,
  lockSettings,
  skipAllPending,
  stampDigest,
  type WaitingRow,
  waitingRows,
} from "./digest-queries";
import { digestLine, type NotificationKind } from "./events";
import { COVER_ALERT_KIND } from "./outbox-queries";
import { unsubscribeUrl } from "./unsubscribe-token";

export type DigestOptions = {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  secret: string;
  delayMs: number;
  /** "Now" for what is due; a push held by quiet time waits from its release. */
  clock: Clock;
  log: { warn: (obj: object, msg: string) => void };
  /** How often due digests are looked for. */
  checkMs?: number;
};

function compose(rows: WaitingRow[]): string[] {
  const groups = new Map<string, WaitingRow[]>();
  for (const row of rows) {
    if (row.kind === COVER_ALERT_KIND) continue;
    const key = row.kind === "message" ? `m${row.swapRequestId}` : `${row.kind}${row.id}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map((g) => digestLine(g[0].kind as NotificationKind, g.length, g[0].context));
}

/**
 * One user's digest, in one transaction holding their settings row: another instance skips the
 * user meanwhile (SKIP LOCKED), so one mail goes out per user per delay period.
 */
async function digestFor(opts: DigestOptions, userId: number): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const now = opts.clock.now();
    const me = await lockSettings(tx, userId, now, opts.delayMs);
    if (!me) return;
    if (!me.email) return skipAllPending(tx, userId);
    if (me.recent) return;
    // Once the oldest is due, everything waiting goes in the same mail.
    const waiting = await waitingRows(tx, userId, now);
    const unread = waiting.filter((r) => r.readAt === null);
    if (unread.length > 0) {
      // Sent while the rows are locked: if the mail fails, nothing is marked and the next pass retries.
      await opts.mailer.send(digestMail(opts, userId, me, unread));
      await stampDigest(tx, userId, now);
    }
    await finishEmailRows(
      tx,
      waiting.map((r) => r.id),
    );
  });
}

function digestMail(opts: DigestOptions, userId: number, me: DigestSettings, unread: WaitingRow[]): Mail {
  const unsubscribe = unsubscribeUrl(opts.appUrl, opts.secret, userId);
  const lines = compose(unread);
  // Cover alerts past the day's push limit have their own section (DESIGN §5.22).
  const cover = unread.filter((r) => r.kind === COVER_ALERT_KIND).map((r) => r.body);
  const requests = new Set(unread.filter((r) => r.kind !== COVER_ALERT_KIND).map((r) => r.swapRequestId));
  const link =
    lines.length === 0
      ? `${opts.appUrl}/dashboard`
      : requests.size === 1
        ? `${opts.appUrl}/messages/${[...requests][0]}`
        : `${opts.appUrl}/messages`;
  const all = [...lines, ...cover];
  return {
    to: me.address,
    subject: all.length === 1 ? `CrewSwap: ${all[0]}` : `CrewSwap: ${all.length} things are waiting for you`,
    text: [
      `Hello ${me.firstName},`,
      "",
      ...(lines.length > 0 ? ["This is waiting for you in CrewSwap:", "", ...lines.map((l) => `- ${l}`), ""] : []),
      ...(cover.length > 0 ? [`${COVER_DIGEST_HEADING}:`, "", ...cover.map((l) => `- ${l}`), ""] : []),
      `Open CrewSwap: ${link}`,
      "",
      "You get this email because something was still unread after a while.",
      `Stop these emails: ${unsubscribe}`,
    ].join("\n"),
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

export type DigestWorker = { start: () => void; stop: () => Promise<void> };

export function createDigestWorker(opts: DigestOptions): DigestWorker {
  const checkMs = opts.checkMs ?? Math.min(60_000, Math.max(250, Math.round(opts.delayMs / 4)));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let warned = false;

  async function pass() {
    for (const userId of await dueUsers(opts.db, opts.clock.now(), opts.delayMs)) {
      if (stopped) return;
      await digestFor(opts, userId).catch((err) => opts.log.warn({ err, userId }, "could not send a digest"));
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass()
        .then(() => {
          warned = false;
        })
        .catch((err) => {
          if (!warned) opts.log.warn({ err }, "email digest cannot reach the database; retrying");
          warned = true;
        })
        .finally(schedule);
    }, checkMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
