import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import type { SwapRequest } from "../../common/swaps";
import { notificationOutbox, shifts } from "../../server/db/schema";
import { shortDate } from "../../server/notifications/events";
import { workbook } from "../fixtures/workbooks";
import { startTestApp, type TestApp } from "./helpers/app";
import { Client, PASSWORD, signedInClient } from "./helpers/client";
import { openReadySocket, sendEvent } from "./helpers/socket";
import { calendarOn } from "./helpers/swaps";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  second = await startTestApp({ databaseUrl: t.database.url });
});
afterAll(async () => Promise.all([t.close(), second.close()]));

type Person = Awaited<ReturnType<typeof signedInClient>>;
const person = (firstName: string) =>
  signedInClient(t.baseUrl, { firstName, lastName: "Test", paramedicBase: "Dudley", clinicalGrade: "paramedic" });

async function shift(p: Person, date: string, shiftType: string, times: [string, string] | null = ["07:00", "19:00"]) {
  const body = times ? { date, shiftType, startTime: times[0], endTime: times[1] } : { date, shiftType };
  const res = await p.client.post(
    "/api/shifts",
    shiftType === "rest_day" ? { ...body, restDayShiftInterest: true } : body,
  );
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

let nextDay = 30;
/** Amy works a on d; Ben is free on d and needs b (d+3) covered; Cat is free on d+3 and needs c (d+6, a night); Amy is free on d+6. */
async function scene() {
  const d = addDays(todayInLondon(), nextDay);
  nextDay += 9;
  const [amy, ben, cat, eve] = [await person("Amy"), await person("Ben"), await person("Cat"), await person("Eve")];
  const a = await shift(amy, d, "day");
  await shift(amy, addDays(d, 6), "rest_day", null);
  await shift(ben, d, "rest_day", null);
  const b = await shift(ben, addDays(d, 3), "seeking_coverage");
  await shift(cat, addDays(d, 3), "rest_day", null);
  const c = await shift(cat, addDays(d, 6), "seeking_coverage", ["19:00", "07:00"]);
  return { d, days: [d, addDays(d, 3), addDays(d, 6)], amy, ben, cat, eve, a, b, c };
}
type Scene = Awaited<ReturnType<typeof scene>>;

async function propose(s: Scene): Promise<SwapRequest> {
  const res = await s.amy.client.post("/api/three-way-swaps", { shiftIds: [s.a, s.b, s.c] });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const agree = (p: Person, id: number, body: object = {}) => p.client.post(`/api/swap-requests/${id}/agree`, body);
const mine = async (p: Person, id: number) =>
  ((await p.client.get("/api/swap-requests")).body as SwapRequest[]).find((r) => r.id === id);

/** Each party's calendar on the three days as [date, type] pairs, with the availability index. */
async function calendars(s: Scene) {
  const of = async (p: Person) => calendarOn(t.database.db, p.user.id, s.days);
  return { amy: await of(s.amy), ben: await of(s.ben), cat: await of(s.cat) };
}
const types = (c: Awaited<ReturnType<typeof calendarOn>>) => c.shifts.map((x) => [x.date, x.type]);

const uk = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
/** Imports a roster file with these rows (date, shift code, start, end). */
const upload = (p: Person, rows: unknown[][]) => {
  const form = new FormData();
  const bytes = workbook({ Roster: [["Date", "Shift", "Start", "End"], ...rows] });
  form.append("file", new Blob([new Uint8Array(bytes)], { type: XLSX_TYPE }), "roster.xlsx");
  return p.client.post("/api/shifts/import", form);
};

describe("POST /api/three-way-swaps and the request's life", () => {
  it("proposes a three-party request the three see, and nobody else can reach", async () => {
    const s = await scene();
    const r = await propose(s);
    expect(r.status).toBe("pending");
    expect(r.parties?.map((p) => [p.user.id, p.gives.shiftId, p.takes.shiftId, p.agreed])).toEqual([
      [s.amy.user.id, s.a, s.c, false],
      [s.ben.user.id, s.b, s.a, false],
      [s.cat.user.id, s.c, s.b, false],
    ]);
    for (const p of [s.amy, s.ben, s.cat]) {
      expect((await mine(p, r.id))?.parties).toHaveLength(3);
      expect((await p.client.get(`/api/swap-requests/${r.id}`)).status).toBe(200);
      const chat = await p.client.get(`/api/messages/${r.id}`);
      expect(chat.status).toBe(200);
      expect(chat.body[0].content).toContain("proposed a three-way swap");
    }
    // Ben and Cat were told (the outbox), Amy was not; the intro is unread for both of them.
    const told = await t.database.db
      .select({ userId: notificationOutbox.userId, kind: notificationOutbox.kind })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.swapRequestId, r.id));
    expect(told.sort((x, y) => x.userId - y.userId)).toEqual([
      { userId: s.ben.user.id, kind: "request_received" },
      { userId: s.cat.user.id, kind: "request_received" },
    ]);
    expect((await s.cat.client.get("/api/messages/unread-count")).body).toBe(1);
    expect((await s.amy.client.get("/api/messages/unread-count")).body).toBe(0);
    const eve = s.eve.client;
    expect(await mine(s.eve, r.id)).toBeUndefined();
    for (const path of [`/api/swap-requests/${r.id}`, `/api/messages/${r.id}`]) {
      expect((await eve.get(path)).status).toBe(404);
    }
    for (const verb of ["agree", "unagree", "reject", "undo-decline", "offer-to-cover"]) {
      expect((await eve.post(`/api/swap-requests/${r.id}/${verb}`)).status).toBe(404);
    }
    expect((await eve.post("/api/messages", { swapRequestId: r.id, content: "hi" })).status).toBe(404);
    expect((await eve.patch(`/api/swap-requests/${r.id}`, { grsSubmitted: true })).status).toBe(404);
    // The same cycle again is refused; another's shift as mine is not found.
    expect((await s.amy.client.post("/api/three-way-swaps", { shiftIds: [s.a, s.b, s.c] })).status).toBe(409);
    expect((await eve.post("/api/three-way-swaps", { shiftIds: [s.a, s.b, s.c] })).status).toBe(404);
  });

  it("tells each party what concerns them: the shift they would work, whose it is, and who works theirs", async () => {
    const s = await scene();
    const r = await propose(s);
    const [d, d3, d6] = s.days.map(shortDate);
    const told = async (kind: string) => {
      const rows = await t.database.db
        .select({ userId: notificationOutbox.userId, body: notificationOutbox.body })
        .from(notificationOutbox)
        .where(and(eq(notificationOutbox.swapRequestId, r.id), eq(notificationOutbox.kind, kind)));
      return Object.fromEntries(rows.map((x) => [x.userId, x.body]));
    };
    const amy = `you work Cat Test's Night Shift on ${d6} and Ben Test works your Day Shift on ${d}`;
    const ben = `you work Amy Test's Day Shift on ${d} and Cat Test works your Day Shift on ${d3}`;
    const cat = `you work Ben Test's Day Shift on ${d3} and Amy Test works your Night Shift on ${d6}`;
    expect(await told("request_received")).toEqual({
      [s.ben.user.id]: `Amy Test proposed a three-way swap: ${ben}`,
      [s.cat.user.id]: `Amy Test proposed a three-way swap: ${cat}`,
    });
    await agree(s.ben, r.id);
    expect(await told("party_agreed")).toEqual({
      [s.amy.user.id]: `Ben Test agreed to the three-way swap: ${amy}`,
      [s.cat.user.id]: `Ben Test agreed to the three-way swap: ${cat}`,
    });
    await agree(s.cat, r.id);
    expect((await agree(s.amy, r.id)).body.status).toBe("completed");
    expect(await told("completed")).toEqual({
      [s.ben.user.id]: `Three-way swap complete: ${ben}. Remember to submit your change on GRS.`,
      [s.cat.user.id]: `Three-way swap complete: ${cat}. Remember to submit your change on GRS.`,
    });
  });

  it("gives the three one conversation, with each one's own unread count", async () => {
    const s = await scene();
    const r = await propose(s);
    const unread = async (p: Person) => (await p.client.get("/api/messages/unread-count")).body;
    const before = await unread(s.ben);
    const sent = await s.cat.client.post("/api/messages", { swapRequestId: r.id, content: "Works for me" });
    expect(sent.status, sent.text).toBe(201);
    expect(await unread(s.ben)).not.toEqual(before);
    const amyBefore = await unread(s.amy);
    // Ben reads it; Amy still has it unread.
    expect((await s.ben.client.post(`/api/messages/${r.id}/read`)).status).toBeLessThan(300);
    expect(await unread(s.amy)).toEqual(amyBefore);
    const convs = (await s.amy.client.get("/api/conversations")).body as { swapRequestId: number }[];
    expect(convs.some((c) => c.swapRequestId === r.id)).toBe(true);
    // Each message can name its sender among the three.
    const conv = (await s.ben.client.get(`/api/conversations/${r.id}`)).body;
    expect(conv.participants.map((p: { firstName: string }) => p.firstName)).toEqual(["Amy", "Ben", "Cat"]);
    // Each reads it as about their own shift, the one another of the three takes.
    for (const [p, shiftId] of [
      [s.amy, s.a],
      [s.ben, s.b],
      [s.cat, s.c],
    ] as const) {
      expect((await p.client.get(`/api/conversations/${r.id}`)).body.shift.id).toBe(shiftId);
    }
    expect((await s.eve.client.get(`/api/conversations/${r.id}`)).status).toBe(404);
    type Line = { content: string; senderId: number; isRead: boolean };
    const chatOf = async (p: Person) => (await p.client.get(`/api/messages/${r.id}`)).body as Line[];
    // Ben has read Cat's message, Amy has not: her conversation says so, so her screen marks it read.
    expect((await chatOf(s.amy)).at(-1)).toMatchObject({
      content: "Works for me",
      senderId: s.cat.user.id,
      isRead: false,
    });
    expect((await chatOf(s.ben)).at(-1)).toMatchObject({ content: "Works for me", isRead: true });
    expect((await s.amy.client.post(`/api/messages/${r.id}/read`)).status).toBeLessThan(300);
    expect((await chatOf(s.amy)).at(-1)).toMatchObject({ content: "Works for me", isRead: true });
    expect(await unread(s.amy)).toEqual(amyBefore - 1);
  });

  it("completes on the third Agree: three shifts move, three calendars and the availability index follow", async () => {
    const s = await scene();
    const r = await propose(s);
    expect((await agree(s.ben, r.id)).body.status).toBe("accepted");
    const second = await agree(s.cat, r.id);
    expect(second.body.parties.map((p: { agreed: boolean }) => p.agreed)).toEqual([false, true, true]);
    const last = await agree(s.amy, r.id);
    expect(last.status, last.text).toBe(200);
    expect(last.body.status).toBe("completed");
    const [d, d3, d6] = s.days;
    const cal = await calendars(s);
    expect(types(cal.amy)).toEqual([
      [d, "rest_day"],
      [d6, "night"],
    ]);
    expect(types(cal.ben)).toEqual([
      [d, "day"],
      [d3, "rest_day"],
    ]);
    expect(types(cal.cat)).toEqual([
      [d3, "day"],
      [d6, "rest_day"],
    ]);
    expect(cal.amy.availability).toEqual({ [d]: "rest", [d6]: "unavailable" });
    expect(cal.ben.availability).toEqual({ [d]: "unavailable", [d3]: "rest" });
    expect(cal.cat.availability).toEqual({ [d3]: "unavailable", [d6]: "rest" });
    for (const p of [s.amy, s.ben, s.cat]) expect((await mine(p, r.id))?.status).toBe("completed");
    expect((await agree(s.ben, r.id)).status).toBe(409);
  });

  it("ends for all three when any one declines, with a note in the conversation", async () => {
    const s = await scene();
    const r = await propose(s);
    await agree(s.amy, r.id);
    const declined = await s.cat.client.post(`/api/swap-requests/${r.id}/reject`);
    expect(declined.status, declined.text).toBe(200);
    expect(declined.body.status).toBe("declined");
    for (const p of [s.amy, s.ben]) expect((await mine(p, r.id))?.status).toBe("declined");
    const chat = (await s.ben.client.get(`/api/messages/${r.id}`)).body as { content: string }[];
    expect(chat.at(-1)?.content).toBe("Cat Test declined this three-way swap, so it has ended for all three.");
    expect((await agree(s.ben, r.id)).status).toBe(409);
    expect((await s.amy.client.post(`/api/swap-requests/${r.id}/undo-decline`)).status).toBe(409);
  });

  it("ends with no agreement standing when another swap takes one of its shifts", async () => {
    const s = await scene();
    const r = await propose(s);
    expect((await agree(s.ben, r.id)).status).toBe(200);
    // Eve is free on Amy's day and takes it in a pairwise swap first.
    await shift(s.eve, s.d, "rest_day", null);
    const pair = await s.amy.client.post("/api/swap-requests", { requesterShiftId: s.a, responderId: s.eve.user.id });
    expect(pair.status, pair.text).toBe(201);
    expect((await agree(s.eve, pair.body.id)).status).toBe(200);
    expect((await agree(s.amy, pair.body.id)).body.status).toBe("completed");
    const ended = await mine(s.ben, r.id);
    expect(ended?.status).toBe("cancelled");
    expect(ended?.parties?.map((p) => p.agreed)).toEqual([false, false, false]);
  });

  it("lets a party withdraw their agreement before the last one", async () => {
    const s = await scene();
    const r = await propose(s);
    await agree(s.ben, r.id);
    const back = await s.ben.client.post(`/api/swap-requests/${r.id}/unagree`);
    expect(back.status, back.text).toBe(200);
    expect(back.body.status).toBe("pending");
    expect(back.body.parties.map((p: { agreed: boolean }) => p.agreed)).toEqual([false, false, false]);
    expect((await s.ben.client.post(`/api/swap-requests/${r.id}/unagree`)).status).toBe(409);
    // Pairwise-only edits are refused to the parties.
    expect((await s.amy.client.patch(`/api/swap-requests/${r.id}`, { status: "cancelled" })).status).toBe(409);
    expect((await s.amy.client.delete(`/api/swap-requests/${r.id}`)).status).toBe(409);
  });

  it("answers 409 and moves nothing when a shift or an off day changed before the last Agree", async () => {
    for (const change of ["shift", "offDay"] as const) {
      const s = await scene();
      const r = await propose(s);
      await agree(s.amy, r.id);
      await agree(s.ben, r.id);
      const before = await calendars(s);
      if (change === "shift") {
        await t.database.db.update(shifts).set({ isProtected: true }).where(eq(shifts.id, s.a));
      } else {
        const [rest] = before.cat.shifts.filter((x) => x.type === "rest_day");
        await t.database.db.update(shifts).set({ restDayShiftInterest: false }).where(eq(shifts.id, rest.id));
      }
      const last = await agree(s.cat, r.id);
      expect(last.status, last.text).toBe(409);
      expect(last.body.message).toMatch(change === "shift" ? /protected/ : /Cat no longer has an Available Off Day/);
      const after = await calendars(s);
      expect([types(after.amy), types(after.ben), types(after.cat)]).toEqual([
        types(before.amy),
        types(before.ben),
        types(before.cat),
      ]);
      expect((await mine(s.cat, r.id))?.status).toBe("accepted");
    }
  });

  it("guards every party's Available Off Day the swap relies on, as a responder's is guarded", async () => {
    const s = await scene();
    const r = await propose(s);
    await agree(s.ben, r.id);
    await agree(s.cat, r.id);
    const [d, d3, d6] = s.days;
    const restOn = async (p: Person, day: string) => {
      const cal = await calendarOn(t.database.db, p.user.id, [day]);
      return cal.shifts.find((x) => x.type === "rest_day")?.id as number;
    };
    const asks = (names: string) =>
      `This day belongs to a three-way swap with ${names}. Changing it clears their agreements and tells them.`;
    // Each works another's shift on their own off day: Ben on d, Cat on d+3, Amy on d+6.
    for (const [p, day, names] of [
      [s.ben, d, "Amy Test and Cat Test"],
      [s.cat, d3, "Amy Test and Ben Test"],
      [s.amy, d6, "Ben Test and Cat Test"],
    ] as const) {
      const del = await p.client.delete(`/api/shifts/${await restOn(p, day)}`);
      expect(del.status, del.text).toBe(409);
      expect(del.body).toEqual({ message: asks(names), field: "confirmSwapChange" });
    }
    // Clearing the month keeps the day (and the shift Cat gives), as it keeps a responder's.
    const [year, month] = d3.split("-").map(Number);
    expect((await s.cat.client.delete(`/api/shifts/clear/month/${year}/${month}`)).status).toBe(200);
    expect(await restOn(s.cat, d3)).toBeDefined();
    // A shift given in the request is refused outright, as a requester's shift is.
    const given = await s.ben.client.patch(`/api/shifts/${s.b}?confirmSwapChange=true`, { startTime: "08:00" });
    expect(given.status).toBe(409);
    expect((await mine(s.amy, r.id))?.parties?.map((p) => p.agreed)).toEqual([false, true, true]);

    const unreadBefore = (await s.ben.client.get("/api/messages/unread-count")).body;
    const gone = await s.amy.client.delete(`/api/shifts/${await restOn(s.amy, d6)}?confirmSwapChange=true`);
    expect(gone.status, gone.text).toBe(200);
    const after = await mine(s.cat, r.id);
    expect(after?.status).toBe("pending");
    expect(after?.parties?.map((p) => p.agreed)).toEqual([false, false, false]);
    const chat = (await s.cat.client.get(`/api/messages/${r.id}`)).body as { senderId: number; content: string }[];
    expect(chat.at(-1)?.senderId).toBe(s.amy.user.id);
    expect(chat.at(-1)?.content).toMatch(
      /^Amy Test's Available Off Day on .+ was changed, so all agreements were cleared\. The three-way swap can go ahead/,
    );
    expect((await s.ben.client.get("/api/messages/unread-count")).body).not.toEqual(unreadBefore);
    // Agreeing now fails on the missing day rather than completing a swap Amy cannot work.
    await agree(s.ben, r.id);
    await agree(s.cat, r.id);
    expect((await agree(s.amy, r.id)).status).toBe(409);
  });

  it("keeps every party's off day and given shift through a roster import while the request is open", async () => {
    const s = await scene();
    const r = await propose(s);
    const [d, d3, d6] = s.days;
    const before = await calendars(s);
    const skipped = (res: { body: { skipped: { reason: string }[] } }) => res.body.skipped.map((x) => x.reason);
    const OFF = "This date is your Available Off Day in an open swap request, so it was left as it is";
    const SHIFT = "This date has a shift in an open swap request, so it was left as it is";
    // Amy's file works her off day d+6; Cat's works hers on d+3 and rests on d+6, where her shift is given.
    const amy = await upload(s.amy, [[uk(d6), "D", "07:00", "19:00"]]);
    expect(amy.status, amy.text).toBe(200);
    expect(skipped(amy)).toEqual([OFF]);
    const cat = await upload(s.cat, [
      [uk(d3), "D", "07:00", "19:00"],
      [uk(d6), "RD", null, null],
    ]);
    expect(skipped(cat)).toEqual([OFF, SHIFT]);
    const ben = await upload(s.ben, [[uk(d), "N", "19:00", "07:00"]]);
    expect(skipped(ben)).toEqual([OFF]);
    const after = await calendars(s);
    expect([types(after.amy), types(after.ben), types(after.cat)]).toEqual([
      types(before.amy),
      types(before.ben),
      types(before.cat),
    ]);
    for (const p of [s.amy, s.ben, s.cat]) expect((await agree(p, r.id)).status).toBe(200);
  });

  it("asks a party with new rest warnings to acknowledge them", async () => {
    const s = await scene();
    const r = await propose(s);
    // Since the proposal, Cat has a night ending the morning b starts.
    await shift(s.cat, addDays(s.d, 2), "night", ["19:00", "07:00"]);
    const first = await agree(s.cat, r.id);
    expect(first.status).toBe(409);
    expect(first.body.warnings.length).toBeGreaterThan(0);
    const acked = await agree(s.cat, r.id, { acknowledgeWarnings: true });
    expect(acked.status, acked.text).toBe(200);
  });

  it("lists each party the warnings of their own side, under their role, as a pairwise request does", async () => {
    const s = await scene();
    const r = await propose(s);
    // Since the proposal: Cat has a night ending the morning b starts, Amy a day starting as c ends.
    await shift(s.cat, addDays(s.d, 2), "night", ["19:00", "07:00"]);
    await shift(s.amy, addDays(s.d, 7), "day");
    const warnings = async (p: Person) => {
      const listed = (await mine(p, r.id))?.warnings ?? [];
      const one = (await p.client.get(`/api/swap-requests/${r.id}`)).body.warnings;
      expect(one).toEqual(listed);
      return listed;
    };
    const cat = await warnings(s.cat);
    expect(cat.length).toBeGreaterThan(0);
    expect(new Set(cat.map((w) => w.party))).toEqual(new Set(["responder"]));
    expect(cat.some((w) => w.dates.includes(addDays(s.d, 3)))).toBe(true);
    const amy = await warnings(s.amy);
    expect(amy.length).toBeGreaterThan(0);
    expect(new Set(amy.map((w) => w.party))).toEqual(new Set(["requester"]));
    expect(await warnings(s.ben)).toEqual([]);
    // Agreeing asks for the same warnings to be acknowledged.
    const refused = await agree(s.cat, r.id);
    expect(refused.status).toBe(409);
    expect(refused.body.warnings).toEqual(cat);
    // Once closed, none.
    await s.ben.client.post(`/api/swap-requests/${r.id}/reject`);
    expect(await warnings(s.cat)).toEqual([]);
  });

  it("completes exactly once when the three press Agree at the same moment, on two instances", async () => {
    for (let round = 0; round < 50; round++) {
      const s = await scene();
      const r = await propose(s);
      // Cat's presses reach the second instance of the app on the same database.
      const there = new Client(second.baseUrl);
      there.cookies = new Map(s.cat.client.cookies);
      const answers = await Promise.all([
        agree(s.amy, r.id, { acknowledgeWarnings: true }),
        agree(s.ben, r.id, { acknowledgeWarnings: true }),
        there.post(`/api/swap-requests/${r.id}/agree`, { acknowledgeWarnings: true }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers.filter((a) => a.body.status === "completed")).toHaveLength(1);
      const owners = await t.database.db.select().from(shifts).where(eq(shifts.id, s.a));
      expect(owners[0].userId).toBe(s.ben.user.id);
    }
  }, 240_000);

  it("ends the proposal for the other two when a party deletes their account", async () => {
    const s = await scene();
    const r = await propose(s);
    await agree(s.amy, r.id);
    const gone = await s.cat.client.request("DELETE", "/api/profile", { password: PASSWORD });
    expect(gone.status, gone.text).toBe(200);
    for (const p of [s.amy, s.ben]) {
      const left = await mine(p, r.id);
      expect(left?.status).toBe("cancelled");
      const chat = (await p.client.get(`/api/messages/${r.id}`)).body as { content: string }[];
      expect(chat.at(-1)?.content).toBe(
        "Cat Test has left CrewSwap, so this three-way swap has ended for the other two.",
      );
    }
    // Ben, who takes the proposer's shift, leaving too: Amy keeps the ended proposal.
    const s2 = await scene();
    const r2 = await propose(s2);
    expect((await s2.ben.client.request("DELETE", "/api/profile", { password: PASSWORD })).status).toBe(200);
    expect((await mine(s2.amy, r2.id))?.status).toBe("cancelled");
    expect((await agree(s2.cat, r2.id)).status).toBe(409);
  });

  it("tells the other two at once when the proposer deletes their account and the proposal goes with it", async () => {
    const s = await scene();
    const r = await propose(s);
    await agree(s.ben, r.id);
    const sockets = await Promise.all(
      [s.ben, s.cat, s.eve].map((p) => openReadySocket(second.baseUrl, p.client, t.database.db, p.user.id)),
    );
    try {
      expect((await s.amy.client.request("DELETE", "/api/profile", { password: PASSWORD })).status).toBe(200);
      for (const socket of sockets.slice(0, 2)) {
        const event = await socket.nth(1);
        expect(event).toEqual({ type: "SWAP_UPDATED", payload: { swapRequestId: r.id } });
      }
      for (const p of [s.ben, s.cat]) expect(await mine(p, r.id)).toBeUndefined();
      // A colleague who is not a party hears nothing of it: events arrive in order, so a later one
      // to Eve alone comes first.
      await sendEvent(t.database.db, [s.eve.user.id], { type: "SWAP_UPDATED", payload: { swapRequestId: 717171 } });
      expect((await sockets[2].nth(1)).payload.swapRequestId).toBe(717171);
    } finally {
      for (const socket of sockets) socket.ws.terminate();
    }
  });

  it("keeps the three dates of a completed three-way swap when a party imports an older roster", async () => {
    const s = await scene();
    const r = await propose(s);
    for (const p of [s.amy, s.ben, s.cat]) expect((await agree(p, r.id)).status).toBe(200);
    const [d, d3, d6] = s.days;
    const kept = (name: string, day: string) =>
      `Kept your swap with ${name} on ${uk(day)}; your roster file does not show it yet. Has it been approved on GRS?`;
    // Each file still shows the old days: working the shift given, resting the day taken.
    const amy = await upload(s.amy, [
      [uk(d), "D", "07:00", "19:00"],
      [uk(d6), "RD", null, null],
    ]);
    expect(amy.status, amy.text).toBe(200);
    expect(amy.body.kept.map((k: { reason: string }) => k.reason)).toEqual([kept("Ben Test", d), kept("Cat Test", d6)]);
    const ben = await upload(s.ben, [
      [uk(d), "RD", null, null],
      [uk(d3), "D", "07:00", "19:00"],
    ]);
    expect(ben.body.kept.map((k: { reason: string }) => k.reason)).toEqual([kept("Amy Test", d), kept("Cat Test", d3)]);
    const cat = await upload(s.cat, [[uk(d3), "RD", null, null]]);
    expect(cat.body.kept.map((k: { reason: string }) => k.reason)).toEqual([kept("Ben Test", d3)]);
    expect(types((await calendars(s)).amy)).toEqual([
      [d, "rest_day"],
      [d6, "night"],
    ]);
  });
});
