import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  notificationSettingsInputSchema,
  notificationSettingsSchema,
  pushEndpointSchema,
  pushPublicKeySchema,
  pushSubscriptionListSchema,
  pushSubscriptionSchema,
  savedSubscriptionSchema,
} from "../../common/push";
import { currentUser, requireUser } from "../auth/guard";
import { notFound } from "../errors";
import { systemLookup } from "../security/public-address";
import * as notifications from "./service";
import { verifyUnsubscribe } from "./unsubscribe-token";

const unsubscribeQuery = z.object({
  user: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number),
  token: z.string().min(1).max(100),
});

const page = (text: string, form?: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>CrewSwap email notifications</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">
<h1>CrewSwap</h1><p>${text}</p>${form ?? ""}</body></html>`;

export async function notificationRoutes(app: FastifyInstance, opts: { publicKey: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/push/public-key", { schema: { response: { 200: pushPublicKeySchema } } }, async () => ({
    publicKey: opts.publicKey,
  }));

  r.register(signedInRoutes);
  r.register(unsubscribeRoutes);
}

/** A signed-in user's devices and notification settings. */
async function signedInRoutes(authed: FastifyInstance) {
  const { db, config, clock } = authed.deps;
  const defaults = { coverAlertsPerDay: config.coverAlertsPerDay };
  const lookup = authed.deps.lookup ?? systemLookup;
  const a = authed.withTypeProvider<ZodTypeProvider>();
  a.addHook("onRequest", requireUser);

  // A device checks here that it still gets pushes: one whose push service refused them is gone.
  a.get("/api/push/subscriptions", { schema: { response: { 200: pushSubscriptionListSchema } } }, async (request) =>
    notifications.listSubscriptions(db, currentUser(request).id),
  );

  const saved = { 200: savedSubscriptionSchema, 201: savedSubscriptionSchema };
  a.post(
    "/api/push/subscriptions",
    { schema: { body: pushSubscriptionSchema, response: saved } },
    async (request, reply) => {
      await notifications.checkEndpoint(request.body.endpoint, { allowInsecure: config.push.allowInsecure, lookup });
      const { created } = await notifications.saveSubscription(db, currentUser(request).id, request.body);
      return reply.code(created ? 201 : 200).send({ endpoint: request.body.endpoint });
    },
  );

  a.delete(
    "/api/push/subscriptions",
    { schema: { body: pushEndpointSchema, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await notifications.removeSubscription(db, currentUser(request).id, request.body.endpoint);
      return reply.code(204).send();
    },
  );

  const settings = { 200: notificationSettingsSchema };
  a.get("/api/notifications/settings", { schema: { response: settings } }, async (request) =>
    notifications.getSettings(db, currentUser(request).id, defaults),
  );

  a.put(
    "/api/notifications/settings",
    { schema: { body: notificationSettingsInputSchema, response: settings } },
    async (request) =>
      notifications.saveSettings(db, currentUser(request).id, request.body, { ...defaults, now: clock.now() }),
  );
}

// The digest's one-click unsubscribe (RFC 8058) works signed out: the signed link is the proof.
async function unsubscribeRoutes(open: FastifyInstance) {
  const { db, config, clock } = open.deps;
  const o = open.withTypeProvider<ZodTypeProvider>();
  o.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  o.get("/api/notifications/unsubscribe", { schema: { querystring: unsubscribeQuery } }, async (request, reply) => {
    const { user, token } = request.query;
    if (!verifyUnsubscribe(config.sessionSecret, user, token)) throw notFound("This link is not valid");
    const action = `/api/notifications/unsubscribe?user=${user}&amp;token=${encodeURIComponent(token)}`;
    return reply
      .type("text/html; charset=utf-8")
      .send(
        page(
          "Stop the CrewSwap emails about unread requests and messages?",
          `<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Stop these emails</button></form>`,
        ),
      );
  });

  o.post(
    "/api/notifications/unsubscribe",
    // A mail provider posts without an Origin header; the signature stands in for it.
    { config: { crossSite: true }, schema: { querystring: unsubscribeQuery } },
    async (request, reply) => {
      const { user, token } = request.query;
      if (!verifyUnsubscribe(config.sessionSecret, user, token)) throw notFound("This link is not valid");
      await notifications
        .saveSettings(db, user, { email: false }, { coverAlertsPerDay: config.coverAlertsPerDay, now: clock.now() })
        .catch((err: { code?: string }) => {
          // The account was deleted meanwhile: nothing left to unsubscribe.
          if (err.code !== "23503" && (err as { cause?: { code?: string } }).cause?.code !== "23503") throw err;
        });
      return reply
        .type("text/html; charset=utf-8")
        .send(page("You will no longer get CrewSwap emails. You can turn them back on under Profile, Notifications."));
    },
  );
}
