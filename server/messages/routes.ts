import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  conversationReadSchema,
  conversationSchema,
  messageSchema,
  sendMessageSchema,
  unreadCountSchema,
} from "../../common/messages";
import { currentUser, requireSignedIn, requireVerifiedEmail } from "../auth/guard";
import { rowId } from "../route-params";
import * as chat from "./service";

const requestParams = z.object({ swapRequestId: rowId("swapRequestId") });
const messageParams = z.object({ id: rowId("id") });

export async function messageRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  requireSignedIn(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  // SPEC §7 reads the answer as a number, so it is a bare JSON number.
  r.get("/api/messages/unread-count", { schema: { response: { 200: unreadCountSchema } } }, async (request) =>
    chat.unreadCount(db, currentUser(request)),
  );

  r.get("/api/conversations", { schema: { response: { 200: z.array(conversationSchema) } } }, async (request) =>
    chat.listConversations(db, currentUser(request)),
  );

  r.get(
    "/api/conversations/:swapRequestId",
    { schema: { params: requestParams, response: { 200: conversationSchema } } },
    async (request) => chat.getConversation(db, currentUser(request), request.params.swapRequestId),
  );

  r.get(
    "/api/messages/:swapRequestId",
    { schema: { params: requestParams, response: { 200: z.array(messageSchema) } } },
    async (request) => chat.listMessages(db, currentUser(request), request.params.swapRequestId),
  );

  r.post(
    "/api/messages",
    { preHandler: requireVerifiedEmail, schema: { body: sendMessageSchema, response: { 201: messageSchema } } },
    async (request, reply) => {
      return reply.code(201).send(await chat.sendMessage(db, currentUser(request), request.body));
    },
  );

  r.patch(
    "/api/messages/:id/read",
    { schema: { params: messageParams, response: { 200: messageSchema } } },
    async (request) => chat.markMessageRead(db, currentUser(request), request.params.id),
  );

  r.post(
    "/api/messages/:swapRequestId/read",
    { schema: { params: requestParams, response: { 200: conversationReadSchema } } },
    async (request) => chat.markConversationRead(db, currentUser(request), request.params.swapRequestId),
  );
}
