import { setTimeout as delay } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LockPlanChanged, transact } from "../../server/db/transact";
import { notifyUsers } from "../../server/events/publish";
import { startTestApp, type TestApp } from "./helpers/app";
import { insertSwapRequest } from "./helpers/chat";
import { signedInClient } from "./helpers/client";
import { openReadySocket, sendEvent, type TestSocket } from "./helpers/socket";

type Party = Awaited<ReturnType<typeof signedInClient>>;

// Events are NOTIFYs sent inside the change's transaction (decision 032): PostgreSQL delivers them
// at commit, in order, and drops them on rollback. A later marker event shows what was not sent:
// events arrive in order, so anything sent before it would arrive first.
let app: TestApp;
let alice: Party;
let bob: Party;
const sockets: TestSocket[] = [];
const HOLD_LOCK = 4242;

beforeAll(async () => {
  app = await startTestApp();
  alice = await signedInClient(app.baseUrl, { firstName: "Alice" });
  bob = await signedInClient(app.baseUrl, { firstName: "Bob" });
  // Checked at commit, after the message, its notification and its event are recorded: 'fail at
  // commit' makes the commit fail; 'wait at commit' holds the commit until the test lets it go.
  await app.database.db.execute(sql`
    create function test_at_commit() returns trigger language plpgsql as $$
    begin
      if new.content = 'fail at commit' then raise exception 'refused at commit'; end if;
      if new.content = 'wait at commit' then perform pg_advisory_xact_lock(${sql.raw(String(HOLD_LOCK))}); end if;
      return null;
    end $$`);
  await app.database.db.execute(sql`
    create constraint trigger test_at_commit after insert on messages
    deferrable initially deferred for each row execute function test_at_commit()`);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app?.close();
});

async function ready(who: Party) {
  const socket = await openReadySocket(app.baseUrl, who.client, app.database.db, who.user.id);
  sockets.push(socket);
  return socket;
}

const marker = (swapRequestId: number) => ({ type: "SWAP_UPDATED" as const, payload: { swapRequestId } });

describe("events sent in the change's transaction", () => {
  it("sends no event for a message whose transaction rolls back at commit", async () => {
    const { request } = await insertSwapRequest(app.database.db, {
      requesterId: alice.user.id,
      responderId: bob.user.id,
    });
    const bobSocket = await ready(bob);
    const posted = await alice.client.post("/api/messages", { swapRequestId: request.id, content: "fail at commit" });
    expect(posted.status).toBe(500);
    const { rows } = await app.database.db.execute(sql`select count(*)::int as n from messages`);
    expect(rows[0].n).toBe(0);

    await sendEvent(app.database.db, [bob.user.id], marker(900001));
    expect(await bobSocket.nth(1)).toEqual(marker(900001));
  });

  it("delivers a message's event only once its transaction commits", async () => {
    const { request } = await insertSwapRequest(app.database.db, {
      requesterId: alice.user.id,
      responderId: bob.user.id,
    });
    const bobSocket = await ready(bob);
    const holder = await app.database.db.$client.connect();
    try {
      await holder.query("select pg_advisory_lock($1)", [HOLD_LOCK]);
      const posting = alice.client.post("/api/messages", { swapRequestId: request.id, content: "wait at commit" });
      // The message's transaction has recorded everything and waits at commit.
      const waiting = () =>
        holder.query("select 1 from pg_locks where locktype = 'advisory' and objid = $1 and not granted", [HOLD_LOCK]);
      while ((await waiting()).rowCount === 0) await delay(20);
      await sendEvent(app.database.db, [bob.user.id], marker(900002));
      await holder.query("select pg_advisory_unlock($1)", [HOLD_LOCK]);
      expect((await posting).status).toBe(201);
    } finally {
      holder.release();
    }
    expect(await bobSocket.nth(1)).toEqual(marker(900002));
    expect(await bobSocket.nth(2)).toEqual({ type: "NEW_MESSAGE", payload: { swapRequestId: request.id } });
  });

  it("sends the event of a retried transaction once, from the attempt that commits", async () => {
    const aliceSocket = await ready(alice);
    let attempts = 0;
    await transact(app.database.db, async (tx) => {
      attempts += 1;
      await notifyUsers(tx, [alice.user.id], marker(900003));
      if (attempts === 1) throw new LockPlanChanged();
    });
    expect(attempts).toBe(2);
    await sendEvent(app.database.db, [alice.user.id], marker(900004));
    expect(await aliceSocket.nth(1)).toEqual(marker(900003));
    expect(await aliceSocket.nth(2)).toEqual(marker(900004));
  });

  it("delivers distinct events of one transaction each once, in order, folding only exact repeats", async () => {
    const bobSocket = await ready(bob);
    await app.database.db.transaction(async (tx) => {
      await notifyUsers(tx, [alice.user.id, bob.user.id], marker(900005));
      await notifyUsers(tx, [bob.user.id], { type: "NEW_MESSAGE", payload: { swapRequestId: 900005 } });
      await notifyUsers(tx, [bob.user.id, alice.user.id], marker(900005));
      await notifyUsers(tx, [bob.user.id], marker(900006));
    });
    await sendEvent(app.database.db, [bob.user.id], marker(900007));
    const expected = [
      marker(900005),
      { type: "NEW_MESSAGE", payload: { swapRequestId: 900005 } },
      marker(900006),
      marker(900007),
    ];
    expect(await bobSocket.nth(4)).toEqual(marker(900007));
    expect(bobSocket.received).toEqual(expected);
  });
});
