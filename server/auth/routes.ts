import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  forgotPasswordSchema,
  loginSchema,
  noticeSchema,
  publicUserSchema,
  registerSchema,
  resetPasswordSchema,
  signedOutSchema,
} from "../../common/auth";
import { tooMany, unauthorized } from "../errors";
import { verificationMail } from "./account-mails";
import { loadUser } from "./guard";
import { toPublicUser } from "./public-user";
import * as auth from "./service";
import { clearSessionCookie, createSession, readSid, setSessionCookie } from "./sessions";

/** The per-address limit every auth route shares (see authRoutes). */
type RateLimit = { max: number; timeWindow: string; groupId: string };

export async function authRoutes(app: FastifyInstance) {
  const { db, config, mailer, limits } = app.deps;
  const cookie = { secure: config.cookieSecure };
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Every auth call counts against one bucket per caller's address, whichever route and instance
  // answers; a station's crews share one address. Registrations also have a bucket of their own.
  const ipLimit = { max: limits.authPerIp, timeWindow: "1 hour", groupId: "auth" };
  const registrations = app.createRateLimit({
    max: limits.registrationsPerIp,
    timeWindow: "1 hour",
    keyGenerator: (request) => `register:${request.ip}`,
  });

  r.get("/api/auth/user", { schema: { response: { 200: publicUserSchema } } }, async (request) => {
    const user = await loadUser(request);
    if (!user) throw unauthorized();
    return toPublicUser(user);
  });

  r.post(
    "/api/auth/register",
    {
      schema: { body: registerSchema, response: { 201: publicUserSchema } },
      config: { rateLimit: ipLimit },
      onRequest: async (request) => {
        const limit = await registrations(request);
        if (!limit.isAllowed && limit.isExceeded)
          throw tooMany(limit.ttlInSeconds, "Too many requests. Please try again later.");
      },
    },
    async (request, reply) => {
      const { user, verificationToken } = await auth.register(
        db,
        request.body,
        config.allowedEmailDomains,
        config.emailVerification,
      );
      if (verificationToken) {
        void mailer
          .send(verificationMail(user, verificationToken, config.appUrl))
          .catch((err) => request.log.error({ err }, "could not send a verification mail"));
      }
      const session = await createSession(db, user.id, false, request.headers["user-agent"]);
      setSessionCookie(reply, session, cookie);
      return reply.code(201).send(toPublicUser(user));
    },
  );

  r.post(
    "/api/auth/login",
    { schema: { body: loginSchema, response: { 200: publicUserSchema } }, config: { rateLimit: ipLimit } },
    async (request, reply) => {
      const { email, password, rememberMe } = request.body;
      const user = await auth.login(db, email, password, request.ip, limits.auth);
      // A fresh id at every sign-in: a session id planted before login is never promoted.
      const old = readSid(request);
      if (old) await auth.logout(db, old);
      const session = await createSession(db, user.id, rememberMe === true, request.headers["user-agent"]);
      setSessionCookie(reply, session, cookie);
      return toPublicUser(user);
    },
  );

  r.post(
    "/api/auth/logout",
    { schema: { response: { 200: signedOutSchema } }, config: { rateLimit: ipLimit } },
    async (request, reply) => {
      const sid = readSid(request);
      if (sid) await auth.logout(db, sid);
      clearSessionCookie(reply, cookie);
      return { ok: true as const };
    },
  );

  passwordRoutes(app, ipLimit);
}

/** Forgotten passwords: the mail with a reset link, and the reset itself. */
function passwordRoutes(app: FastifyInstance, ipLimit: RateLimit) {
  const { db, config, mailer, limits } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auth/forgot-password",
    { schema: { body: forgotPasswordSchema, response: { 200: noticeSchema } }, config: { rateLimit: ipLimit } },
    async (request, reply) => {
      // Answered before any lookup: neither the delay nor a mail server's failure may tell whether
      // the address has an account. The work runs once the answer is on its way.
      const { email } = request.body;
      reply.raw.once("close", () => {
        auth
          .requestPasswordReset(db, email, config.appUrl, limits.auth)
          .then((mail) => (mail ? mailer.send(mail) : undefined))
          .catch((err) => request.log.error({ err }, "could not send a reset mail"));
      });
      return { message: "Check your email" };
    },
  );

  r.post(
    "/api/auth/reset-password",
    { schema: { body: resetPasswordSchema, response: { 200: noticeSchema } }, config: { rateLimit: ipLimit } },
    async (request) => {
      await auth.resetPassword(db, request.body.token, request.body.password);
      return { message: "Your password has been changed. You can now sign in." };
    },
  );
}
