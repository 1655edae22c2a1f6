import { describe, expect, it } from "vitest";
import { askEveryoneFrom } from "../../common/reminder-rules";
import type { SwapRequestRow } from "../../server/db/schema";
import { addressedSchedule, completedSchedule, planReminders } from "../../server/swaps/send-reminders";

const HOUR = 3_600_000;
const asked = new Date("2026-12-01T09:00:00Z");
const at = (hours: number) => new Date(asked.getTime() + hours * HOUR);

function request(changes: Partial<SwapRequestRow> = {}): SwapRequestRow {
  return {
    id: 7,
    requesterId: 1,
    responderId: 2,
    requesterShiftId: 10,
    responderAvailabilityId: 20,
    status: "pending",
    createdAt: asked,
    updatedAt: asked,
    grsSubmitted: false,
    grsApproved: false,
    requesterAgreed: false,
    responderAgreed: false,
    requesterAgreedAt: null,
    responderAgreedAt: null,
    acceptedOfferShiftId: null,
    startsAt: at(24 * 20),
    closesAt: at(24 * 20),
    offersStartAt: null,
    threeWay: false,
    ...addressedSchedule(2, asked),
    ...changes,
  };
}

const kinds = (r: SwapRequestRow, now: Date) => planReminders(r, now).events.map((e) => `${e.kind}:${e.actorId}`);

describe("reminders of a request waiting on its responder", () => {
  it("names the requester to the responder at 24 h, then the responder to the requester at 48 h", () => {
    const r = request();
    expect(r.remindAt).toEqual(at(24));
    const first = planReminders(r, at(24));
    expect(kinds(r, at(24))).toEqual(["reminder_responder:1"]);
    expect(first).toMatchObject({ remindAt: at(48), remindersSent: 1 });
    const second = { ...r, remindAt: first.remindAt, remindersSent: first.remindersSent };
    expect(kinds(second, at(48))).toEqual(["reminder_requester:2"]);
    expect(planReminders(second, at(48))).toMatchObject({ remindAt: null, remindersSent: 2 });
  });

  it("after downtime past 48 h sends both, each to its own person, once", () => {
    expect(kinds(request(), at(100))).toEqual(["reminder_responder:1", "reminder_requester:2"]);
    expect(planReminders(request(), at(100))).toMatchObject({ remindAt: null, remindersSent: 2 });
  });

  it("sends nothing once answered, closed, opened to everyone or started", () => {
    for (const r of [
      request({ responderAnswered: true }),
      request({ status: "declined" }),
      request({ status: "cancelled" }),
      request({ ...addressedSchedule(null, asked), responderId: null }),
      request({ startsAt: at(20), closesAt: at(20) }),
    ]) {
      expect(planReminders(r, at(30))).toMatchObject({ events: [], remindAt: null });
    }
  });

  it("offers to ask everyone from 48 h while the responder has not answered", () => {
    expect(askEveryoneFrom(request())).toEqual(at(48));
    expect(askEveryoneFrom(request({ status: "accepted", requesterAgreed: true }))).toEqual(at(48));
    expect(askEveryoneFrom(request({ responderAnswered: true }))).toBeNull();
    expect(askEveryoneFrom(request({ status: "completed" }))).toBeNull();
  });
});

describe("GRS reminders of a completed swap", () => {
  const done = (changes: Partial<SwapRequestRow> = {}) =>
    request({ status: "completed", responderAnswered: true, ...completedSchedule(asked), ...changes });

  it("go to both parties at 24 h and 72 h", () => {
    const r = done();
    expect(kinds(r, at(24))).toEqual(["reminder_grs:1", "reminder_grs:2"]);
    const next = planReminders(r, at(24));
    expect(next).toMatchObject({ remindAt: at(72), remindersSent: 1 });
    const last = { ...r, remindAt: next.remindAt, remindersSent: next.remindersSent };
    expect(kinds(last, at(72))).toEqual(["reminder_grs:1", "reminder_grs:2"]);
    expect(planReminders(last, at(72))).toMatchObject({ remindAt: null, remindersSent: 2 });
  });

  it("after downtime past 72 h go once, not twice", () => {
    expect(kinds(done(), at(200))).toEqual(["reminder_grs:1", "reminder_grs:2"]);
    expect(planReminders(done(), at(200))).toMatchObject({ remindAt: null, remindersSent: 2 });
  });

  it("of a three-way swap are one event each time, which reaches all three (one reminder each)", () => {
    const r = done({ threeWay: true });
    expect(kinds(r, at(24))).toEqual(["reminder_grs:1"]);
    const { remindAt, remindersSent } = planReminders(r, at(24));
    const last = { ...r, remindAt, remindersSent };
    expect(kinds(last, at(72))).toEqual(["reminder_grs:1"]);
  });

  it("stop once 'Submitted on GRS' is ticked", () => {
    expect(planReminders(done({ grsSubmitted: true }), at(30))).toMatchObject({ events: [], remindAt: null });
  });
});
