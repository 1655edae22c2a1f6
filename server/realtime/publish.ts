import { createHash } from "node:crypto";
import { z } from "zod";
import { type Notification, notificationSchema, type RealtimeEvent } from "../../common/realtime";
import type { Db } from "../db/open";
import { notify } from "./queries";

export const EVENTS_CHANNEL = "crewswap_events";

/**
 * Sends an event to the sockets of the given users on every app instance, through
 * PostgreSQL NOTIFY. Call it after the transaction that caused it has committed.
 */
export async function publishToUsers(db: Db, userIds: number[], event: RealtimeEvent): Promise<void> {
  const to = [...new Set(userIds.filter((id) => Number.isInteger(id)))];
  if (to.length === 0) return;
  const note: Notification = { to, event };
  await notify(db, EVENTS_CHANNEL, JSON.stringify(note));
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
export const channelMessageSchema = z.union([notificationSchema, sessionsEndedSchema]);
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
