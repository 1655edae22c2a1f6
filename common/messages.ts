import { z } from "zod";
import type { ShiftType, SwapStatus } from "./enums";
import { MAX_ROW_ID, MESSAGE_MAX_LENGTH, MESSAGE_REQUIRED, MESSAGE_TOO_LONG } from "./message-rules";

export * from "./message-rules";

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

export type ConversationUser = {
  id: number;
  firstName: string;
  lastName: string;
  hub: string | null;
};

/** One row of the /messages list, and the header of one conversation. */
export type Conversation = {
  swapRequestId: number;
  status: SwapStatus;
  /** A party has ticked 'Submitted on GRS' (a completed swap waits for it among the active ones). */
  grsSubmitted: boolean;
  createdAt: string;
  updatedAt: string;
  /** True when the signed-in user made the request. */
  youRequested: boolean;
  requester: ConversationUser | null;
  /** The other party; null when there is none yet ('Awaiting responder') or it is gone ('Unknown user'). */
  otherParty: ConversationUser | null;
  awaitingResponder: boolean;
  shift: { id: number; date: string; shiftType: ShiftType; startTime: string | null; endTime: string | null };
  /** The hub of the requester, whose shift the request is about. */
  hub: string | null;
  lastMessage: { content: string; createdAt: string; senderId: number } | null;
  unreadCount: number;
  lastActivityAt: string;
};
