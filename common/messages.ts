import { z } from "zod";
import { shiftTypes, swapStatuses } from "./enums";
import { MAX_ROW_ID, MESSAGE_MAX_LENGTH, MESSAGE_REQUIRED, MESSAGE_TOO_LONG } from "./message-rules";

/** A chat message as every endpoint returns it. */
export const messageSchema = z.object({
  id: z.number().int(),
  swapRequestId: z.number().int(),
  senderId: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  isRead: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageContentSchema = z
  .string({ message: MESSAGE_REQUIRED })
  .trim()
  .min(1, MESSAGE_REQUIRED)
  .max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG)
  // PostgreSQL text cannot hold NUL; no keyboard types one.
  .refine((s) => !s.includes("\u0000"), "Message contains a character that cannot be sent");

export const sendMessageSchema = z.object({
  swapRequestId: z.coerce
    .number({ message: "swapRequestId must be a number" })
    .int("swapRequestId must be a whole number")
    .positive("swapRequestId must be a whole number")
    .max(MAX_ROW_ID, "swapRequestId must be a whole number"),
  content: messageContentSchema,
  // SPEC §7 sends isRead false; a new message is always unread, whatever the client says.
  isRead: z.boolean().optional(),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

export const conversationUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  hub: z.string().nullable(),
});

/** One row of the /messages list, and the header of one conversation. */
export const conversationSchema = z.object({
  swapRequestId: z.number().int(),
  status: z.enum(swapStatuses),
  /** A party has ticked 'Submitted on GRS' (a completed swap waits for it among the active ones). */
  grsSubmitted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** True when the signed-in user made the request. */
  youRequested: z.boolean(),
  requester: conversationUserSchema.nullable(),
  /** The other party; null when there is none yet ('Awaiting responder') or it is gone ('Unknown user'). */
  otherParty: conversationUserSchema.nullable(),
  awaitingResponder: z.boolean(),
  shift: z.object({
    id: z.number().int(),
    date: z.string(),
    shiftType: z.enum(shiftTypes),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
  }),
  /** The hub of the requester, whose shift the request is about. */
  hub: z.string().nullable(),
  lastMessage: z.object({ content: z.string(), createdAt: z.string(), senderId: z.number().int() }).nullable(),
  unreadCount: z.number().int(),
  lastActivityAt: z.string(),
  /** A three-way request's three parties (DESIGN §5.23), so each message can name its sender; absent for pairs. */
  participants: z.array(z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() })).optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /api/messages/unread-count: a bare JSON number (SPEC §7). */
export const unreadCountSchema = z.number().int();

/** POST /api/messages/:swapRequestId/read: how many messages it marked read. */
export const conversationReadSchema = z.object({ updated: z.number().int() });
export type ConversationRead = z.infer<typeof conversationReadSchema>;
