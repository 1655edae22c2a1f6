import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shifts } from "../../server/db/schema";
import { startTestApp, type TestApp } from "./helpers/app";
import { Client, signedInClient } from "./helpers/client";

// GET /api/shifts is served from a per-user cache checked against a fingerprint of the user's rows:
// these tests change shifts by every route there is, and behind the app's back, and expect to see it.

let t: TestApp;
let second: TestApp; // another instance of the app on the same database
type Person = Awaited<ReturnType<typeof signedInClient>>;
let ann: Person;
let ben: Person;

const shift = (date: string, extra: Record<string, unknown> = {}) => ({
  date,
  shiftType: "day",
  startTime: "07:00",
  endTime: "19:00",
  ...extra,
});

async function list(client: Client, query = "", headers: Record<string, string> = {}) {
  const res = await client.get(`/api/shifts${query}`, headers);
  return {
    status: res.status,
    etag: res.headers.get("etag"),
    body: res.body as { id: number; notes: string | null; date: string }[],
    text: res.text,
    headers: res.headers,
  };
}

beforeAll(async () => {
  t = await startTestApp();
  second = await startTestApp({ databaseUrl: t.database.url });
  ann = await signedInClient(t.baseUrl);
  ben = await signedInClient(t.baseUrl);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

describe("GET /api/shifts with its cache and ETag", () => {
  it("tags the list, and answers 304 without a body while the client's copy is current", async () => {
    await ann.client.post("/api/shifts", shift("2031-03-02"));
    const first = await list(ann.client);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    expect(first.body.map((s) => s.date)).toEqual(["2031-03-02"]);

    const again = await list(ann.client, "", { "if-none-match": first.etag! });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect((await list(ann.client, "", { "if-none-match": `W/"0-0", ${first.etag}` })).status).toBe(304);
    expect((await list(ann.client, "", { "if-none-match": 'W/"0-0"' })).status).toBe(200);
  });

  it("shows a created, changed or deleted shift at once, each time under a new tag", async () => {
    const tags: string[] = [];
    const seen = async () => {
      const res = await list(ann.client);
      expect(res.status).toBe(200);
      tags.push(res.etag!);
      return res.body;
    };
    const before = await seen();
    const created = (await ann.client.post("/api/shifts", shift("2031-03-05"))).body as { id: number };
    expect((await seen()).length).toBe(before.length + 1);
    expect((await ann.client.patch(`/api/shifts/${created.id}`, { notes: "Swapped cars" })).status).toBe(200);
    expect((await seen()).find((s) => s.id === created.id)?.notes).toBe("Swapped cars");
    expect((await ann.client.delete(`/api/shifts/${created.id}`)).status).toBe(200);
    expect((await seen()).some((s) => s.id === created.id)).toBe(false);
    expect(new Set(tags.slice(0, 3)).size).toBe(3);
    // Deleting the new shift brings back the very rows of the start, and so their tag.
    expect(tags[3]).toBe(tags[0]);
  });

  it("sees a change made outside the app's routes, straight in the database", async () => {
    const before = await list(ann.client);
    const [row] = await t.database.db.select().from(shifts).where(eq(shifts.userId, ann.user.id));
    await t.database.db.update(shifts).set({ notes: "Edited by hand" }).where(eq(shifts.id, row.id));
    const after = await list(ann.client, "", { "if-none-match": before.etag! });
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(before.etag);
    expect(after.body.find((s) => s.id === row.id)?.notes).toBe("Edited by hand");
  });

  it("sees a change made through another instance of the app", async () => {
    const here = await list(ann.client);
    const there = new Client(second.baseUrl);
    there.cookies = new Map(ann.client.cookies);
    expect((await there.post("/api/shifts", shift("2031-04-01"))).status).toBe(201);
    const after = await list(ann.client, "", { "if-none-match": here.etag! });
    expect(after.status).toBe(200);
    expect(after.body.map((s) => s.date)).toContain("2031-04-01");
  });

  it("keeps each user's list and each range apart", async () => {
    await ben.client.post("/api/shifts", shift("2031-03-02"));
    const annList = await list(ann.client);
    const benList = await list(ben.client, "", { "if-none-match": annList.etag! });
    expect(benList.status).toBe(200);
    expect(benList.body.map((s) => s.date)).toEqual(["2031-03-02"]);
    expect(benList.body.every((s) => !annList.body.some((a) => a.id === s.id))).toBe(true);

    const april = await list(ann.client, "?start=2031-04-01&end=2031-04-30");
    expect(april.body.map((s) => s.date)).toEqual(["2031-04-01"]);
    expect(april.etag).not.toBe(annList.etag);
    expect(
      (await list(ann.client, "?start=2031-04-01&end=2031-04-30", { "if-none-match": annList.etag! })).status,
    ).toBe(200);
  });

  it("still needs a signed-in user", async () => {
    const res = await new Client(t.baseUrl).get("/api/shifts");
    expect(res.status).toBe(401);
  });
});
