import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { noticeSchema, publicUserSchema } from "../../common/auth";
import { deleteAccountSchema, profileUpdateSchema } from "../../common/profile";
import { currentUser, requireSignedIn } from "../auth/guard";
import { toPublicUser } from "../auth/public-user";
import { clearSessionCookie } from "../auth/sessions";
import { unauthorized } from "../errors";
import { deleteAccount, updateProfile } from "./service";

export async function profileRoutes(app: FastifyInstance) {
  const { db, config, mailer } = app.deps;
  requireSignedIn(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    "/api/profile",
    { schema: { body: profileUpdateSchema, response: { 200: publicUserSchema } } },
    async (request) => {
      if (!request.sid) throw unauthorized();
      const { user, mails } = await updateProfile(db, currentUser(request), request.body, {
        allowedDomains: config.allowedEmailDomains,
        appUrl: config.appUrl,
        emailVerification: config.emailVerification,
        sid: request.sid,
      });
      // After the change is saved: a mail server's trouble does not undo it.
      for (const mail of mails) {
        await mailer.send(mail).catch((err) => request.log.error({ err }, "could not send an account mail"));
      }
      return toPublicUser(user);
    },
  );

  r.delete(
    "/api/profile",
    { schema: { body: deleteAccountSchema, response: { 200: noticeSchema } } },
    async (request, reply) => {
      if (!request.sid) throw unauthorized();
      await deleteAccount(db, currentUser(request).id, request.sid, request.body.password);
      clearSessionCookie(reply, { secure: config.cookieSecure });
      return { message: "Your account and all data have been permanently deleted" };
    },
  );
}
