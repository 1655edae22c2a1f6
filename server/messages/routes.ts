import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAX_ROW_ID, sendMessageSchema } from "../../common/messages";
import { currentUser, requireUser } from "../auth/guard";
import { publishToUsers } from "../realtime/publish";
import * as chat from "./service";

/** A row id in the path; anything else (including ids beyond PostgreSQL's integer) is a 400. */
const positiveId = (name: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n <= MAX_ROW_ID, `${name} must be a whole number`);
const requestParams = z.object({ swapRequestId: positiveId("swapRequestId") });
const messageParams = z.object({ id: positiveId("id") });

export async function messageRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Before validation, so a signed-out caller learns nothing from validation answers.
  r.addHook("onRequest", requireUser);

  // SPEC §7 reads the answer as a number, so it is a bare JSON number.
  r.get("/api/messages/unread-count", async (request) => chat.unreadCount(db, currentUser(request)));

  r.get("/api/conversations", async (request) => chat.listConversations(db, currentUser(request)));

  r.get("/api/conversations/:swapRequestId", { schema: { params: requestParams } }, async (request) =>
    chat.getConversation(db, currentUser(request), request.params.swapRequestId),
  );

  r.get("/api/messages/:swapRequestId", { schema: { params: requestParams } }, async (request) =>
    chat.listMessages(db, currentUser(request), request.params.swapRequestId),
  );

  r.post("/api/messages", { schema: { body: sendMessageSchema } }, async (request, reply) => {
    const { message, parties } = await chat.sendMessage(db, currentUser(request), request.body);
    // The message is committed; a failed notification only delays it until the next refresh.
    await publishToUsers(db, parties, {
      type: "NEW_MESSAGE",
      payload: { swapRequestId: message.swapRequestId },
    }).catch((err) => request.log.error({ err }, "could not publish NEW_MESSAGE"));
    return reply.code(201).send(message);
  });

  r.patch("/api/messages/:id/read", { schema: { params: messageParams } }, async (request) =>
    chat.markMessageRead(db, currentUser(request), request.params.id),
  );

  r.post("/api/messages/:swapRequestId/read", { schema: { params: requestParams } }, async (request) =>
    chat.markConversationRead(db, currentUser(request), request.params.swapRequestId),
  );
}
