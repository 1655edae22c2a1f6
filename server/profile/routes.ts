import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { profileUpdateSchema } from "../../common/profile";
import { currentUser, requireUser } from "../auth/guard";
import { toPublicUser } from "../auth/public-user";
import { clearSessionCookie } from "../auth/sessions";
import { deleteAccount, updateProfile } from "./service";

export async function profileRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch("/api/profile", { onRequest: requireUser, schema: { body: profileUpdateSchema } }, async (request) => {
    const user = await updateProfile(db, currentUser(request), request.body, config.allowedEmailDomains);
    return toPublicUser(user);
  });

  r.delete("/api/profile", { onRequest: requireUser }, async (request, reply) => {
    await deleteAccount(db, currentUser(request).id);
    clearSessionCookie(reply, { secure: config.cookieSecure });
    return { message: "Your account and all data have been permanently deleted" };
  });
}
