import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays } from "../../common/dates";
import { transact } from "../../server/db/transact";
import { dropStartedOffers } from "../../server/swaps/close-started";
import { startTestApp, type TestApp } from "./helpers/app";
import { testClock } from "./helpers/clock";
import { addShift, dayFromToday, offDay, type Party, party } from "./helpers/swaps";

// Instances drop started offers side by side; one that read the offers before another committed
// their removal must not drop (and note) them a second time.
let t: TestApp;
let A: Party;
let B: Party;
const clock = testClock();

beforeAll(async () => {
  // The background pass is kept out of the way: the test runs the passes itself, side by side.
  t = await startTestApp({ clock, shiftStartWorker: { intervalMs: 3_600_000 } });
  A = await party(t.baseUrl, { firstName: "Amy", lastName: "Ash" });
  B = await party(t.baseUrl, { firstName: "Ben", lastName: "Birch" });
});
afterAll(async () => {
  await t?.close();
});

const notesOf = async (id: number) =>
  ((await A.client.get(`/api/messages/${id}`)).body as { content: string }[]).map((m) => m.content);

it("each started offer is dropped, and noted, once however many passes run at the same time", async () => {
  const db = t.database.db;
  const ids: number[] = [];
  for (let i = 0; i < 40; i++) {
    const offers = [await addShift(db, B.id, dayFromToday(2 + 2 * i), { shiftType: "seeking_coverage" })];
    offers.push(await addShift(db, B.id, dayFromToday(3 + 2 * i), { shiftType: "seeking_coverage" }));
    const day = dayFromToday(90 + i);
    await offDay(db, B.id, day);
    const shiftId = await addShift(db, A.id, day, { shiftType: "day" });
    const res = await A.client.post("/api/swap-requests", {
      requesterShiftId: shiftId,
      responderId: B.id,
      offerShiftIds: offers,
    });
    expect(res.status, res.text).toBe(201);
    ids.push(res.body.id);
  }

  clock.set(new Date(`${addDays(dayFromToday(2 + 2 * 40), 1)}T12:00:00Z`));
  const now = clock.now();
  const pass = async () => {
    while ((await transact(db, (tx) => dropStartedOffers(tx, now, 1))) > 0);
  };
  await Promise.all(Array.from({ length: 6 }, pass));

  for (const id of ids) {
    const request = (await A.client.get(`/api/swap-requests/${id}`)).body;
    expect(request.status).toBe("pending");
    expect(request.offers).toEqual([]);
    const notes = await notesOf(id);
    expect(notes, `request ${id}`).toHaveLength(2);
    expect(new Set(notes).size).toBe(2);
  }
});
