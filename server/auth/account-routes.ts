import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { noticeSchema } from "../../common/auth";
import { changePasswordSchema, sessionInfoSchema } from "../../common/profile";
import { unauthorized } from "../errors";
import { publishSessionsEnded } from "../events/publish";
import { emailChangedMail } from "./account-mails";
import { describeDevice } from "./device";
import { currentUser, requireUser } from "./guard";
import { changePassword } from "./service";
import { destroyOtherSessions, listSessions, sessionKey } from "./sessions";
import { resendVerification, verifyEmail } from "./verification";

/** A signed-in user's own account safety: password, sessions and the proof of their address. */
export async function accountRoutes(app: FastifyInstance) {
  const { db, config, mailer } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const sidOf = (request: { sid: string | null }) => {
    if (!request.sid) throw unauthorized();
    return request.sid;
  };

  r.post(
    "/api/auth/change-password",
    { onRequest: requireUser, schema: { body: changePasswordSchema, response: { 200: noticeSchema } } },
    async (request) => {
      await changePassword(db, currentUser(request).id, sidOf(request), request.body);
      return { message: "Your password has been changed. Other devices have been signed out." };
    },
  );

  r.get(
    "/api/auth/sessions",
    { onRequest: requireUser, schema: { response: { 200: z.array(sessionInfoSchema) } } },
    async (request) => {
      const rows = await listSessions(db, currentUser(request).id, sidOf(request));
      return rows.map((s) => ({
        device: describeDevice(s.userAgent),
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        current: s.current,
      }));
    },
  );

  const notice = { onRequest: requireUser, schema: { response: { 200: noticeSchema } } };

  r.post("/api/auth/sessions/sign-out-others", notice, async (request) => {
    const sid = sidOf(request);
    await destroyOtherSessions(db, currentUser(request).id, sid);
    await publishSessionsEnded(db, { userId: currentUser(request).id, keepSid: sessionKey(sid) });
    return { message: "Other devices have been signed out" };
  });

  r.post("/api/auth/resend-verification", notice, async (request) => {
    const mail = await resendVerification(db, currentUser(request), config.appUrl);
    await mailer.send(mail);
    return { message: "We have sent you a new link" };
  });

  // The link in the mail: a plain GET from the mail app, answered with the app itself.
  r.get(
    "/api/auth/verify-email",
    { schema: { querystring: z.object({ token: z.string().max(300).default("") }) } },
    async (request, reply) => {
      const outcome = await verifyEmail(db, request.query.token);
      if (outcome.kind === "email-changed") {
        await mailer
          .send(emailChangedMail({ firstName: outcome.firstName }, outcome.oldEmail, outcome.newEmail, config.appUrl))
          .catch((err) => request.log.error({ err }, "could not send an account mail"));
      }
      const result = { verified: "1", "email-changed": "1", invalid: "0", taken: "taken" }[outcome.kind];
      return reply.redirect(`/dashboard?email-verified=${result}`, 303);
    },
  );
}
