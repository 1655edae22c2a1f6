import { z } from "zod";

/**
 * The real-time events (DESIGN §5.14): what the server publishes and the browser receives over /ws.
 * A new event is one entry in the union below; the types and both validators follow from it.
 */
const aboutSwapRequest = z.object({ swapRequestId: z.number().int() });

export const realtimeEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("NEW_MESSAGE"), payload: aboutSwapRequest }),
  z.object({ type: z.literal("SWAP_UPDATED"), payload: aboutSwapRequest }),
  // The other party read messages in the conversation: the sender's ticks turn to 'Read'.
  z.object({ type: z.literal("MESSAGES_READ"), payload: aboutSwapRequest }),
  // A request I was alerted to was made, taken or closed: my cover alerts and open requests refresh.
  z.object({ type: z.literal("COVER_ALERTS_CHANGED"), payload: aboutSwapRequest }),
]);

export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** An event as the browser receives it, or null for anything else (unknown types are ignored). */
export function parseRealtimeEvent(value: unknown): RealtimeEvent | null {
  const parsed = realtimeEventSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * What travels between app instances (one PostgreSQL NOTIFY): the event and the users to deliver it
 * to. Ids only, so it stays far below NOTIFY's 8000-byte payload limit.
 */
export const realtimeEnvelopeSchema = z.object({ to: z.array(z.number().int()), event: realtimeEventSchema });
export type RealtimeEnvelope = z.infer<typeof realtimeEnvelopeSchema>;
