import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../../server/mail/mailer";
import { startTestApp, type TestApp } from "./helpers/app";
import { insertSwapRequest } from "./helpers/chat";
import { Client, signedInClient } from "./helpers/client";
import { SmtpSink } from "./helpers/smtp-sink";

type Party = Awaited<ReturnType<typeof signedInClient>>;

// 1.2 s instead of 15 minutes.
const DELAY_MS = 1200;
let t: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await new SmtpSink().start();
  t = await startTestApp({
    // Verification would otherwise be required with SMTP_URL set; this suite is about digests only.
    env: { NOTIFY_EMAIL_DELAY_MINUTES: String(DELAY_MS / 60_000), SMTP_URL: smtp.url, EMAIL_VERIFICATION: "off" },
    mailer: createMailer({
      smtpUrl: smtp.url,
      from: "CrewSwap <no-reply@crewswap.test>",
      outboxDir: "",
      log: () => {},
    }),
  });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pair() {
  const alice = await signedInClient(t.baseUrl, { firstName: "Alice", lastName: "Archer" });
  const bob = await signedInClient(t.baseUrl, { firstName: "Bob", lastName: "Baker" });
  const { request, shift } = await insertSwapRequest(t.database.db, {
    requesterId: alice.user.id,
    responderId: bob.user.id,
    daysAhead: 9,
  });
  return { alice, bob, request, shift };
}

const say = (who: Party, swapRequestId: number, content: string) =>
  who.client.post("/api/messages", { swapRequestId, content });

async function waitForMail(address: string, ms = 8000) {
  const deadline = Date.now() + ms;
  while (smtp.to(address).length === 0 && Date.now() < deadline) await sleep(100);
  return smtp.to(address);
}

const shortDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });

describe("the email digest", () => {
  it("sends one digest for messages still unread after the delay, without their text", async () => {
    const { alice, bob, request, shift } = await pair();
    expect((await say(alice, request.id, "Private words one")).status).toBe(201);
    expect((await say(alice, request.id, "Private words two")).status).toBe(201);
    const mails = await waitForMail(bob.user.email);
    await sleep(DELAY_MS * 2);
    expect(smtp.to(bob.user.email)).toHaveLength(1);
    const [mail] = mails;
    const when = shortDate(shift.date).replace(",", "");
    expect(mail.text).toContain(`2 new messages about your swap on ${when}`);
    expect(mail.text).toMatch(new RegExp(`https?://\\S+/messages/${request.id}\\b`));
    expect(mail.raw).not.toContain("Private words");
    expect(smtp.to(alice.user.email)).toHaveLength(0);

    // RFC 8058: a one-click POST to the List-Unsubscribe URL, signed out.
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const link = /^<([^>]+)>$/.exec(mail.headers.get("list-unsubscribe") ?? "")?.[1];
    expect(link).toBeTruthy();
    const url = new URL(link as string);
    const res = await fetch(`${t.baseUrl}${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect((await bob.client.get("/api/notifications/settings")).body).toMatchObject({ email: false });

    // No more mails once unsubscribed.
    await sleep(DELAY_MS);
    await say(alice, request.id, "Another one");
    await sleep(DELAY_MS * 3);
    expect(smtp.to(bob.user.email)).toHaveLength(1);
  });

  it("sends nothing when the conversation is read in time", async () => {
    const { alice, bob, request } = await pair();
    await say(alice, request.id, "hello");
    expect((await bob.client.post(`/api/messages/${request.id}/read`)).status).toBe(200);
    await sleep(DELAY_MS * 3);
    expect(smtp.to(bob.user.email)).toHaveLength(0);
    const rows = await t.database.db.execute<{ email_state: string }>(
      sql`select email_state from notification_outbox where swap_request_id = ${request.id}`,
    );
    expect(rows.rows.map((r) => r.email_state)).toEqual(["read"]);
  });

  it("refuses an unsubscribe link with a wrong signature and keeps email on", async () => {
    const { bob } = await pair();
    const anon = new Client(t.baseUrl);
    const res = await anon.request(
      "POST",
      `/api/notifications/unsubscribe?user=${bob.user.id}&token=forged`,
      "List-Unsubscribe=One-Click",
      { "content-type": "application/x-www-form-urlencoded" },
    );
    expect(res.status).toBe(404);
    expect((await bob.client.get("/api/notifications/settings")).body).toMatchObject({ email: true });
  });

  it("lets the user turn email off and on in settings", async () => {
    const { bob } = await pair();
    expect((await bob.client.request("PUT", "/api/notifications/settings", { email: false })).body).toMatchObject({
      email: false,
    });
    expect((await bob.client.request("PUT", "/api/notifications/settings", { email: "no" })).status).toBe(400);
    expect((await new Client(t.baseUrl).get("/api/notifications/settings")).status).toBe(401);
  });
});

describe("housekeeping of the outbox", () => {
  it("deletes notifications finished for over a week, and keeps recent ones and any still to send", async () => {
    const { pruneOutbox, OUTBOX_KEEP_DAYS } = await import("../../server/notifications/outbox-queries");
    const { alice, bob, request } = await pair();
    for (const text of ["one", "two", "three"]) expect((await say(alice, request.id, text)).status).toBe(201);
    const db = t.database.db;
    const ids = (
      await db.execute<{ id: number }>(
        sql`select id from notification_outbox where user_id = ${bob.user.id} order by id`,
      )
    ).rows.map((r) => r.id);
    expect(ids).toHaveLength(3);
    const [old, recent, retrying] = ids;
    const daysAgo = (d: number) => sql`now() - make_interval(days => ${d})`;
    await db.execute(sql`
      update notification_outbox set push_state = 'done', email_state = 'sent', created_at = ${daysAgo(OUTBOX_KEEP_DAYS + 1)}
      where id = ${old}`);
    await db.execute(sql`
      update notification_outbox set push_state = 'done', email_state = 'sent', created_at = ${daysAgo(OUTBOX_KEEP_DAYS - 1)}
      where id = ${recent}`);
    // A push the service keeps refusing, its next try tomorrow: old, but not finished.
    await db.execute(sql`
      update notification_outbox set push_state = 'pending', push_next_at = now() + interval '1 day',
        email_state = 'sent', created_at = ${daysAgo(OUTBOX_KEEP_DAYS + 3)}
      where id = ${retrying}`);
    expect(await pruneOutbox(db)).toBeGreaterThanOrEqual(1);
    const left = (
      await db.execute<{ id: number }>(
        sql`select id from notification_outbox where user_id = ${bob.user.id} order by id`,
      )
    ).rows.map((r) => r.id);
    expect(left).toEqual([recent, retrying]);
  });
});
