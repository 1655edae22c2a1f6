import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import { shifts, swapRequests, users } from "../../server/db/schema";
import { startTestApp, type TestApp } from "./helpers/app";
import { Client, registration, signedInClient } from "./helpers/client";

/** Hostile input that used to reach PostgreSQL and answer 500. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const NUL = "before\u0000after";
const NUL_MESSAGE = "This text contains a character that cannot be saved";

describe("text with a NUL character", () => {
  it("is refused with 400 on its field by registration, and no account is made", async () => {
    const body = registration({ firstName: NUL });
    const res = await new Client(t.baseUrl).post("/api/auth/register", body);
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual({ message: NUL_MESSAGE, field: "firstName" });
    expect(
      await t.database.db
        .select()
        .from(users)
        .where(eq(users.email, body.email as string)),
    ).toEqual([]);
  });

  it("is refused with 400 on its field by the profile, and nothing changes", async () => {
    const { client } = await signedInClient(t.baseUrl, { lastName: "Morgan" });
    const res = await client.patch("/api/profile", { lastName: NUL, experience: "Ten years" });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual({ message: NUL_MESSAGE, field: "lastName" });
    const me = await client.get("/api/auth/user");
    expect([me.body.lastName, me.body.experience]).toEqual(["Morgan", null]);
  });

  it("is refused with 400 on its field by shifts, and no shift is stored", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const date = addDays(todayInLondon(), 4);
    const notes = await client.post("/api/shifts", {
      date,
      shiftType: "day",
      startTime: "07:00",
      endTime: "19:00",
      notes: NUL,
    });
    expect(notes.status, notes.text).toBe(400);
    expect(notes.body).toEqual({ message: NUL_MESSAGE, field: "notes" });
    const location = await client.post("/api/shifts", { date, shiftType: "rest_day", location: NUL });
    expect(location.body).toEqual({ message: NUL_MESSAGE, field: "location" });
    expect(await t.database.db.select().from(shifts).where(eq(shifts.userId, user.id))).toEqual([]);
  });

  it("is refused with 400 on its field as a swap request's intro message, and no request is made", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const shift = await client.post("/api/shifts", {
      date: addDays(todayInLondon(), 6),
      shiftType: "day",
      startTime: "07:00",
      endTime: "19:00",
    });
    const res = await client.post("/api/swap-requests", { requesterShiftId: shift.body.id, introMessage: NUL });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual({ message: NUL_MESSAGE, field: "introMessage" });
    expect(await t.database.db.select().from(swapRequests).where(eq(swapRequests.requesterId, user.id))).toEqual([]);
  });

  it("still accepts other unusual text, stored as sent", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const notes = "\\u0000 is how NUL is written; 👩‍⚕️🚑";
    const res = await client.post("/api/shifts", { date: addDays(todayInLondon(), 8), shiftType: "rest_day", notes });
    expect(res.status, res.text).toBe(201);
    expect(res.body.notes).toBe(notes);
  });
});
