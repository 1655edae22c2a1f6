import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import { messages, shifts, swapRequestOffers, swapRequests, userAvailability } from "../../server/db/schema";
import { startTestApp, type TestApp } from "./helpers/app";
import { Client, PASSWORD, signedInClient, uniqueEmail } from "./helpers/client";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Jamie",
  lastName: "Okafor",
  email: uniqueEmail("profile"),
  paramedicBase: "Stoke",
  clinicalGrade: "technician",
  activelySeekingSwaps: false,
  swapUrgency: "none",
  experience: "Six years on the road",
  currentPassword: PASSWORD,
  ...overrides,
});

describe("PATCH /api/profile", () => {
  it("saves every field, answers the public user, and the current user shows it", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const body = form({ email: uniqueEmail("Mixed").toUpperCase() });
    const res = await client.patch("/api/profile", body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      firstName: "Jamie",
      lastName: "Okafor",
      email: body.email.toLowerCase(),
      paramedicBase: "Stoke",
      hub: "Stoke Hub",
      clinicalGrade: "technician",
      swapUrgency: "none",
      activelySeekingSwaps: false,
      experience: "Six years on the road",
    });
    expect(res.body).not.toHaveProperty("password");
    const me = await client.get("/api/auth/user");
    expect(me.body).toEqual(res.body);
  });

  it.each([
    ["Worcester", "Coventry Hub"],
    ["Bromsgrove", "Coventry Hub"],
    ["Dudley", "Dudley Hub"],
    ["Willenhall", "Willenhall Hub"],
    ["Somewhere New", "Coventry Hub"],
  ])("derives the hub from base %s, whatever hub is sent", async (base, hub) => {
    const { client } = await signedInClient(t.baseUrl, { paramedicBase: "Stoke" });
    const res = await client.patch("/api/profile", form({ paramedicBase: base, hub: "Warwick Hub" }));
    expect(res.status).toBe(200);
    expect(res.body.paramedicBase).toBe(base);
    expect(res.body.hub).toBe(hub);
  });

  it("keeps the hidden actively-seeking flag in step with the urgency", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const cases: [Record<string, unknown>, string, boolean][] = [
      [{ swapUrgency: "urgent", activelySeekingSwaps: false }, "urgent", true],
      [{ swapUrgency: "none", activelySeekingSwaps: true }, "none", false],
      [{ swapUrgency: "not_available", activelySeekingSwaps: true }, "not_available", false],
      [{ activelySeekingSwaps: true }, "urgent", true],
      [{ activelySeekingSwaps: false }, "none", false],
    ];
    for (const [change, urgency, seeking] of cases) {
      const res = await client.patch("/api/profile", change);
      expect(res.status).toBe(200);
      expect([res.body.swapUrgency, res.body.activelySeekingSwaps]).toEqual([urgency, seeking]);
    }
  });

  it("changes only what is sent", async () => {
    const { client } = await signedInClient(t.baseUrl, { firstName: "Robin", swapUrgency: "not_available" });
    const res = await client.patch("/api/profile", { lastName: "Hale" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: "Robin", lastName: "Hale", swapUrgency: "not_available" });
  });

  it("clears the experience when it is emptied", async () => {
    const { client } = await signedInClient(t.baseUrl, { experience: "Ten years" });
    const res = await client.patch("/api/profile", form({ experience: "   " }));
    expect(res.status).toBe(200);
    expect(res.body.experience).toBeNull();
  });

  it.each([
    [{ firstName: "" }, "firstName", "First name is required"],
    [{ firstName: "   " }, "firstName", "First name is required"],
    [{ lastName: "" }, "lastName", "Last name is required"],
    [{ email: "not-an-email" }, "email", "Invalid email address"],
    [{ paramedicBase: "" }, "paramedicBase", "Paramedic base is required"],
    [{ clinicalGrade: "surgeon" }, "clinicalGrade", "Please select a clinical grade"],
    [{ swapUrgency: "sometimes" }, "swapUrgency", "Please select swap urgency level"],
  ])("rejects %j with the form's message on field %s", async (change, field, message) => {
    const { client, user } = await signedInClient(t.baseUrl, { firstName: "Unchanged" });
    const res = await client.patch("/api/profile", form(change));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, field });
    const me = await client.get("/api/auth/user");
    expect(me.body.firstName).toBe("Unchanged");
    expect(me.body.email).toBe(user.email);
  });

  it("keeps the email on an NHS domain", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const res = await client.patch("/api/profile", form({ email: "jamie@gmail.com" }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Please sign up with your NHS email", field: "email" });
  });

  it("refuses an email another account uses, in any case, with 409 on field email", async () => {
    const other = await signedInClient(t.baseUrl);
    const { client, user } = await signedInClient(t.baseUrl);
    const res = await client.patch("/api/profile", form({ email: other.user.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: "An account with this email already exists", field: "email" });
    const own = await client.patch("/api/profile", form({ email: user.email.toUpperCase() }));
    expect(own.status).toBe(200);
    expect(own.body.email).toBe(user.email);
  });

  it("signs in with the new email afterwards and frees the old one", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const next = uniqueEmail("moved");
    expect((await client.patch("/api/profile", form({ email: next }))).status).toBe(200);
    const fresh = new Client(t.baseUrl);
    expect((await fresh.post("/api/auth/login", { email: next, password: PASSWORD })).status).toBe(200);
    expect((await fresh.post("/api/auth/login", { email: user.email, password: PASSWORD })).status).toBe(401);
    const reuse = await signedInClient(t.baseUrl, { email: user.email });
    expect(reuse.user.email).toBe(user.email);
  });

  it("needs a signed-in user", async () => {
    const res = await new Client(t.baseUrl).patch("/api/profile", form());
    expect(res.status).toBe(401);
  });
});

/** Every (table, column) whose foreign key points at users.id, read from the catalogue. */
async function userReferences(): Promise<{ table: string; column: string }[]> {
  const res = await t.database.db.execute<{ table: string; column: string }>(sql`
    select cl.relname as table, a.attname as column
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.confrelid = 'users'::regclass`);
  return res.rows;
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const res = await t.database.db.execute<{ n: number }>(query);
  return Number(res.rows[0].n);
}

describe("DELETE /api/profile", () => {
  it("removes every row of the user in one go and signs them out everywhere", async () => {
    const today = todayInLondon();
    const { client, user } = await signedInClient(t.baseUrl, { firstName: "Leaving" });
    const other = await signedInClient(t.baseUrl, { firstName: "Staying" });
    const third = await signedInClient(t.baseUrl, { firstName: "Bystander" });

    // A second device of the leaving user.
    const laptop = new Client(t.baseUrl);
    expect((await laptop.post("/api/auth/login", { email: user.email, password: PASSWORD })).status).toBe(200);
    // A failed sign-in and a reset mail leave rate-limit rows and a reset token behind.
    await new Client(t.baseUrl).post("/api/auth/login", { email: user.email, password: "Wrong!pass1" });
    await new Client(t.baseUrl).post("/api/auth/forgot-password", { email: user.email });
    // A wrong current password on the laptop is counted against that session.
    await laptop.post("/api/auth/change-password", { currentPassword: "Wrong!pass1", newPassword: "An0ther!pass" });

    const db = t.database.db;
    const [mine] = await db
      .insert(shifts)
      .values({ userId: user.id, date: addDays(today, 5), shiftType: "day", startTime: "07:00", endTime: "19:00" })
      .returning();
    const [myCover] = await db
      .insert(shifts)
      .values({ userId: user.id, date: addDays(today, 9), shiftType: "seeking_coverage" })
      .returning();
    const [theirs] = await db
      .insert(shifts)
      .values({ userId: other.user.id, date: addDays(today, 6), shiftType: "night" })
      .returning();
    const [theirCover] = await db
      .insert(shifts)
      .values({ userId: other.user.id, date: addDays(today, 8), shiftType: "seeking_coverage" })
      .returning();
    const [bystanderShift] = await db
      .insert(shifts)
      .values({ userId: third.user.id, date: addDays(today, 6), shiftType: "day" })
      .returning();
    await db.insert(userAvailability).values([
      { userId: user.id, date: addDays(today, 5), status: "unavailable", workedMinutes: 720 },
      { userId: other.user.id, date: addDays(today, 6), status: "unavailable", workedMinutes: 720 },
    ]);
    const [asRequester] = await db
      .insert(swapRequests)
      .values({ requesterId: user.id, responderId: other.user.id, requesterShiftId: mine.id })
      .returning();
    const [asResponder] = await db
      .insert(swapRequests)
      .values({ requesterId: other.user.id, responderId: user.id, requesterShiftId: theirs.id })
      .returning();
    const [unrelated] = await db
      .insert(swapRequests)
      .values({ requesterId: third.user.id, responderId: other.user.id, requesterShiftId: bystanderShift.id })
      .returning();
    await db.insert(swapRequestOffers).values([
      { swapRequestId: asRequester.id, shiftId: theirCover.id },
      { swapRequestId: asResponder.id, shiftId: myCover.id },
    ]);
    await db.insert(messages).values([
      { swapRequestId: asRequester.id, senderId: user.id, content: "Can you take my day?" },
      { swapRequestId: asRequester.id, senderId: other.user.id, content: "Maybe" },
      { swapRequestId: asResponder.id, senderId: other.user.id, content: "Can you take my night?" },
      { swapRequestId: unrelated.id, senderId: third.user.id, content: "Unrelated" },
    ]);

    const references = await userReferences();
    expect(references.length).toBeGreaterThanOrEqual(7);
    let before = 0;
    for (const { table, column } of references) {
      before += await count(sql`select count(*)::int as n from ${sql.identifier(table)}
        where ${sql.identifier(column)} = ${user.id}`);
    }
    expect(before).toBeGreaterThan(8);
    expect(
      await count(sql`select count(*)::int as n from rate_limits where key like ${`%:${user.id}`}
      or key like ${`reauth:${user.id}|%`} or key like ${`%${user.email}%`}`),
    ).toBe(3);

    const res = await client.request("DELETE", "/api/profile", { password: PASSWORD });
    expect(res.status).toBe(200);

    // Both devices are signed out at once.
    expect((await client.get("/api/auth/user")).status).toBe(401);
    expect((await laptop.get("/api/auth/user")).status).toBe(401);
    expect((await laptop.patch("/api/profile", { firstName: "Ghost" })).status).toBe(401);
    expect((await laptop.request("DELETE", "/api/profile", { password: PASSWORD })).status).toBe(401);

    // No table keeps a row pointing at the user.
    for (const { table, column } of references) {
      const left = await count(sql`select count(*)::int as n from ${sql.identifier(table)}
        where ${sql.identifier(column)} = ${user.id}`);
      expect(left, `${table}.${column}`).toBe(0);
    }
    expect(await count(sql`select count(*)::int as n from users where id = ${user.id}`)).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from rate_limits where key like ${`%:${user.id}`}
      or key like ${`reauth:${user.id}|%`} or key like ${`%${user.email}%`}`),
    ).toBe(0);
    expect(
      (await new Client(t.baseUrl).post("/api/auth/login", { email: user.email, password: PASSWORD })).status,
    ).toBe(401);
    // Nor anything hanging off their requests and shifts.
    expect(
      await count(sql`select count(*)::int as n from swap_requests
        where id in (${asRequester.id}, ${asResponder.id}) or requester_shift_id in (${mine.id}, ${myCover.id})`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from messages
      where swap_request_id in (${asRequester.id}, ${asResponder.id})`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from swap_request_offers
      where swap_request_id in (${asRequester.id}, ${asResponder.id}) or shift_id in (${mine.id}, ${myCover.id})`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from user_availability where user_id = ${user.id}`)).toBe(0);

    // Other people keep their own things.
    expect((await other.client.get("/api/auth/user")).status).toBe(200);
    expect(await count(sql`select count(*)::int as n from shifts where user_id = ${other.user.id}`)).toBe(2);
    expect(await count(sql`select count(*)::int as n from swap_requests where id = ${unrelated.id}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from messages where swap_request_id = ${unrelated.id}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from user_availability where user_id = ${other.user.id}`)).toBe(1);
  });

  it("clears the session cookie and lets the address sign up again", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const res = await client.request("DELETE", "/api/profile", { password: PASSWORD });
    expect(res.status).toBe(200);
    expect(client.rawSetCookies.some((c) => /^sid=;/.test(c))).toBe(true);
    const again = await signedInClient(t.baseUrl, { email: user.email });
    expect(again.user.id).not.toBe(user.id);
  });

  it("needs a signed-in user", async () => {
    expect((await new Client(t.baseUrl).delete("/api/profile")).status).toBe(401);
  });
});
