import type { FastifyInstance } from "fastify";
import { createEventListener, listenConnectionString } from "../db/listener";
import { createDigestWorker } from "./digest";
import { OUTBOX_CHANNEL } from "./outbox-queries";
import type { PushWorkerOptions } from "./push-worker";
import { hostPushWorker } from "./push-worker-host";
import { notificationRoutes } from "./routes";
import { loadVapidKeys } from "./vapid";

export type NotificationWorkerOptions = Pick<
  PushWorkerOptions,
  "pollMs" | "timeoutMs" | "batch" | "coverPerSecond" | "dropAfter"
> & {
  /** How often the email digest looks for due mails (tests with a long delay look often). */
  digestCheckMs?: number;
};

/**
 * Push and email notifications: the routes, and the two workers that send the outbox after
 * commit. They start when the app is ready and stop, finishing what is in flight, when it closes.
 */
export async function notifications(app: FastifyInstance, opts: { worker?: NotificationWorkerOptions } = {}) {
  const { db, config, mailer } = app.deps;
  const vapid = await loadVapidKeys(config.push, config.dataDir);
  const { digestCheckMs, ...pushTuning } = opts.worker ?? {};
  const databaseUrl = listenConnectionString(db, app.deps.databaseUrl);
  const push = hostPushWorker({
    databaseUrl,
    vapid,
    subject: config.push.subject,
    messageHoldMs: config.notifyMessageHoldMs,
    clock: app.deps.clock,
    log: app.log,
    allowLoopback: config.push.allowInsecure,
    ...pushTuning,
  });
  const digest = createDigestWorker({
    db,
    mailer,
    appUrl: config.appUrl,
    secret: config.sessionSecret,
    delayMs: config.notifyEmailDelayMs,
    clock: app.deps.clock,
    log: app.log,
    checkMs: digestCheckMs,
  });
  // Commits wake the push worker at once; its poll remains for held messages and for the times
  // this connection is down.
  const committed = createEventListener({
    name: "push",
    connectionString: databaseUrl,
    channel: OUTBOX_CHANNEL,
    log: app.log,
    onNotification: () => push.wake(),
  });
  await app.register(notificationRoutes, { publicKey: vapid.publicKey });
  app.addHook("onReady", async () => {
    await committed.start();
    push.start();
    digest.start();
  });
  app.addHook("onClose", async () => {
    await Promise.all([push.stop(), digest.stop(), committed.stop()]);
  });
}
