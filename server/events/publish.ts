import { createHash } from "node:crypto";
import { z } from "zod";
import { type RealtimeEnvelope, type RealtimeEvent, realtimeEnvelopeSchema } from "../../common/realtime";
import type { Db, Tx } from "../db/open";
import { notify } from "./queries";

export const EVENTS_CHANNEL = "crewswap_events";

/**
 * Recipients per NOTIFY. A user id is at most 11 bytes in the JSON list, so 500 of them and the
 * event stay well under PostgreSQL's 8000-byte payload limit, however many users a change touches.
 */
export const MAX_RECIPIENTS_PER_NOTIFY = 500;

/** The event as NOTIFY payloads: one per chunk of distinct recipients, none when nobody is to hear. */
export function envelopesFor(userIds: number[], event: RealtimeEvent): string[] {
  const to = [...new Set(userIds.filter((id) => Number.isInteger(id)))].sort((a, b) => a - b);
  const payloads: string[] = [];
  for (let i = 0; i < to.length; i += MAX_RECIPIENTS_PER_NOTIFY) {
    const envelope: RealtimeEnvelope = { to: to.slice(i, i + MAX_RECIPIENTS_PER_NOTIFY), event };
    payloads.push(JSON.stringify(envelope));
  }
  return payloads;
}

/**
 * Sends an event to the sockets of the given users on every app instance, through a NOTIFY in the
 * transaction that makes the change (decision 032): PostgreSQL delivers it only once that commits,
 * and drops it if it rolls back. A failed NOTIFY fails the change.
 */
export async function notifyUsers(tx: Tx, userIds: number[], event: RealtimeEvent): Promise<void> {
  for (const payload of envelopesFor(userIds, event)) await notify(tx, EVENTS_CHANNEL, payload);
}

/**
 * A session id as it travels between instances: a digest, so the channel (and any statement log)
 * never carries a value that would sign someone in.
 */
export const sidDigest = (sid: string) => createHash("sha256").update(sid).digest("base64url");

/** Internal to the instances, never sent to a browser: these sessions ended, close their sockets. */
const sessionsEndedSchema = z.object({
  sessionsEnded: z.object({
    userId: z.number().int(),
    sid: z.string().optional(),
    keepSid: z.string().optional(),
  }),
});
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>["sessionsEnded"];

/** What travels on the events channel: an event for users, or the end of sessions. */
export const channelMessageSchema = z.union([realtimeEnvelopeSchema, sessionsEndedSchema]);
export type ChannelMessage = z.infer<typeof channelMessageSchema>;

export type EndedSessions =
  /** One session ended (logout): its sockets close. */
  | { userId: number; sid: string }
  /** Every session of the user ended (reset, deletion), or all but the one still in use (`keepSid`). */
  | { userId: number; keepSid?: string };

/**
 * Closes with 4401, on every instance, the sockets of sessions that have just ended. Call it once
 * the sessions rows are gone (after their transaction commits), from every path that ends a
 * session: logout, password reset, password change, 'sign out other devices', account deletion.
 * Never throws: false when the notice could not be sent (the periodic session check then closes
 * the sockets within a heartbeat).
 */
export async function publishSessionsEnded(db: Db, ended: EndedSessions): Promise<boolean> {
  const sessionsEnded: SessionsEnded = { userId: ended.userId };
  if ("sid" in ended) sessionsEnded.sid = sidDigest(ended.sid);
  if ("keepSid" in ended && ended.keepSid) sessionsEnded.keepSid = sidDigest(ended.keepSid);
  try {
    await notify(db, EVENTS_CHANNEL, JSON.stringify({ sessionsEnded }));
    return true;
  } catch {
    // The sessions are already gone; each instance's periodic session check closes the sockets.
    return false;
  }
}
