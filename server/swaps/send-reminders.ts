import {
  ASK_EVERYONE_AFTER_MS,
  GRS_REMINDERS_AFTER_MS,
  REMIND_RESPONDER_AFTER_MS,
  waitsOnResponder,
} from "../../common/reminder-rules";
import type { Tx } from "../db/open";
import type { SwapRequestRow } from "../db/schema";
import type { NotificationEvent } from "../notifications/events";
import { recordNotifications } from "../notifications/record";
import { lockDueReminders, saveReminderState } from "./reminder-queries";

/** The columns that schedule a request's reminders; what create, re-address and completion write. */
export type ReminderSchedule = Pick<
  SwapRequestRow,
  "addressedAt" | "responderAnswered" | "completedAt" | "remindAt" | "remindersSent"
>;

const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

/** A request just addressed to a colleague (`responderId`), or opened to everyone (null). */
export function addressedSchedule(responderId: number | null, now: Date): ReminderSchedule {
  return {
    addressedAt: responderId === null ? null : now,
    responderAnswered: false,
    completedAt: null,
    remindAt: responderId === null ? null : later(now, REMIND_RESPONDER_AFTER_MS),
    remindersSent: 0,
  };
}

/** A swap just completed: the GRS reminders are due unless someone ticks 'Submitted on GRS' first. */
export const completedSchedule = (now: Date): Pick<ReminderSchedule, "completedAt" | "remindAt" | "remindersSent"> => ({
  completedAt: now,
  remindAt: later(now, GRS_REMINDERS_AFTER_MS[0]),
  remindersSent: 0,
});

type Plan = { events: NotificationEvent[]; remindAt: Date | null; remindersSent: number };

/**
 * What a request whose reminder fell due gets now. After downtime several steps of a series may be
 * due at once: the responder's and the requester's go to different people, so each still gets
 * theirs once; of the GRS pair only the last due goes out, so nobody gets two in a row.
 */
export function planReminders(r: SwapRequestRow, now: Date): Plan {
  const done: Plan = { events: [], remindAt: null, remindersSent: r.remindersSent };
  const started = r.closesAt !== null && r.closesAt <= now;
  if (waitsOnResponder(r) && !started) {
    const steps = [
      { at: later(r.addressedAt, REMIND_RESPONDER_AFTER_MS), actorId: r.requesterId, kind: "reminder_responder" },
      { at: later(r.addressedAt, ASK_EVERYONE_AFTER_MS), actorId: r.responderId, kind: "reminder_requester" },
    ] as const;
    const due = steps.slice(r.remindersSent).filter((s) => s.at <= now);
    const sent = r.remindersSent + due.length;
    return {
      events: due.map((s) => ({ kind: s.kind, swapRequestId: r.id, actorId: s.actorId })),
      remindAt: steps[sent]?.at ?? null,
      remindersSent: sent,
    };
  }
  if (r.status === "completed" && !r.grsSubmitted && r.completedAt !== null && r.responderId !== null) {
    const steps = GRS_REMINDERS_AFTER_MS.map((ms) => later(r.completedAt as Date, ms));
    const due = steps.slice(r.remindersSent).filter((at) => at <= now).length;
    if (due === 0) return { ...done, remindAt: steps[r.remindersSent] ?? null };
    const sent = r.remindersSent + due;
    // One reminder to each party, naming the other; a three-way swap's one event reaches the three,
    // each told their own change (notifications/record.ts).
    const actors = r.threeWay ? [r.requesterId] : [r.requesterId, r.responderId];
    const events: NotificationEvent[] = actors.map((actorId) => ({
      kind: "reminder_grs",
      swapRequestId: r.id,
      actorId,
    }));
    return { events, remindAt: steps[sent] ?? null, remindersSent: sent };
  }
  // Answered, closed, ticked or started: nothing more is due.
  return done;
}

/** Sends the reminders due by `now`, a batch at a time; returns how many requests it took. */
export async function sendDueReminders(tx: Tx, now: Date, limit: number): Promise<number> {
  const due = await lockDueReminders(tx, now, limit);
  const events: NotificationEvent[] = [];
  for (const r of due) {
    const plan = planReminders(r, now);
    events.push(...plan.events);
    await saveReminderState(tx, r.id, { remindAt: plan.remindAt, remindersSent: plan.remindersSent });
  }
  await recordNotifications(tx, events);
  return due.length;
}
