import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from "../../common/auth";
import { unauthorized } from "../errors";
import { loadUser } from "./guard";
import { toPublicUser } from "./public-user";
import * as auth from "./service";
import { clearSessionCookie, createSession, destroySession, readSid, setSessionCookie } from "./sessions";

export async function authRoutes(app: FastifyInstance) {
  const { db, config, mailer, limits } = app.deps;
  const cookie = { secure: config.cookieSecure };
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Every auth call counts against the caller's address; a station's crews share one.
  const ipLimit = { max: limits.authPerIp, timeWindow: "1 hour" };

  r.get("/api/auth/user", async (request) => {
    const user = await loadUser(request);
    if (!user) throw unauthorized();
    return toPublicUser(user);
  });

  r.post(
    "/api/auth/register",
    {
      schema: { body: registerSchema },
      config: { rateLimit: { max: limits.registrationsPerIp, timeWindow: "1 hour" } },
    },
    async (request, reply) => {
      const user = await auth.register(db, request.body, config.allowedEmailDomains);
      const session = await createSession(db, user.id, false);
      setSessionCookie(reply, session, cookie);
      return reply.code(201).send(toPublicUser(user));
    },
  );

  r.post(
    "/api/auth/login",
    { schema: { body: loginSchema }, config: { rateLimit: ipLimit } },
    async (request, reply) => {
      const { email, password, rememberMe } = request.body;
      const user = await auth.login(db, email, password, limits.auth);
      // A fresh id at every sign-in: a session id planted before login is never promoted.
      const old = readSid(request);
      if (old) await destroySession(db, old);
      const session = await createSession(db, user.id, rememberMe === true);
      setSessionCookie(reply, session, cookie);
      return toPublicUser(user);
    },
  );

  r.post("/api/auth/logout", { config: { rateLimit: ipLimit } }, async (request, reply) => {
    const sid = readSid(request);
    if (sid) await destroySession(db, sid);
    clearSessionCookie(reply, cookie);
    return { ok: true };
  });

  r.post(
    "/api/auth/forgot-password",
    { schema: { body: forgotPasswordSchema }, config: { rateLimit: ipLimit } },
    async (request) => {
      const mail = await auth.requestPasswordReset(db, request.body.email, config.appUrl, limits.auth);
      // Not awaited: the answer must not tell, by its delay or by a mail server's failure,
      // whether the address has an account.
      if (mail) void mailer.send(mail).catch((err) => request.log.error({ err }, "could not send a reset mail"));
      return { message: "Check your email" };
    },
  );

  r.post(
    "/api/auth/reset-password",
    { schema: { body: resetPasswordSchema }, config: { rateLimit: ipLimit } },
    async (request) => {
      await auth.resetPassword(db, request.body.token, request.body.password);
      return { message: "Your password has been changed. You can now sign in." };
    },
  );
}
