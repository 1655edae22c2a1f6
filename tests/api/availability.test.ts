import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helpers/app";
import { Client, signedInClient } from "./helpers/client";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

type Api = Awaited<ReturnType<typeof signedInClient>>["client"];

const shiftsOf = async (client: Api) =>
  (await client.get("/api/shifts")).body as {
    id: number;
    date: string;
    shiftType: string;
    restDayShiftInterest: boolean;
  }[];

const range = (client: Api, start: string, end: string) => client.get(`/api/availability?start=${start}&end=${end}`);

describe("reading availability", () => {
  it("needs a session", async () => {
    expect((await new Client(t.baseUrl).get("/api/availability?start=2031-01-01&end=2031-01-31")).status).toBe(401);
    expect((await new Client(t.baseUrl).post("/api/availability", { date: "2031-01-01", status: "rest" })).status).toBe(
      401,
    );
  });

  it("answers the caller's index in the range, by date", async () => {
    const a = await signedInClient(t.baseUrl);
    const b = await signedInClient(t.baseUrl);
    await a.client.post("/api/shifts", { date: "2031-05-03", shiftType: "rest_day", restDayShiftInterest: true });
    await a.client.post("/api/shifts", { date: "2031-05-01", shiftType: "day", startTime: "07:00", endTime: "19:00" });
    await a.client.post("/api/shifts", { date: "2031-05-02", shiftType: "rest_day" });
    await a.client.post("/api/shifts", { date: "2031-06-01", shiftType: "rest_day" });
    await b.client.post("/api/shifts", { date: "2031-05-02", shiftType: "rest_day", restDayShiftInterest: true });

    const res = await range(a.client, "2031-05-01", "2031-05-31");
    expect(res.status).toBe(200);
    expect(res.body.map((r: { date: string; status: string }) => [r.date, r.status])).toEqual([
      ["2031-05-01", "unavailable"],
      ["2031-05-02", "rest"],
      ["2031-05-03", "available"],
    ]);
    expect(res.body.every((r: { userId: number }) => r.userId === a.user.id)).toBe(true);
  });

  it.each([
    ["", "start"],
    ["?end=2031-01-31", "start"],
    ["?start=2031-01-01", "end"],
    ["?start=2031-02-30&end=2031-03-01", "start"],
    ["?start=01/02/2031&end=2031-03-01", "start"],
    ["?start=2031-03-01&end=2031-02-01", "end"],
    ["?start=2031-01-01&end=2033-06-01", "end"],
  ])("GET /api/availability%s answers 400 on %s", async (query, field) => {
    const { client } = await signedInClient(t.baseUrl);
    const res = await client.get(`/api/availability${query}`);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });

  it("accepts a range of two years", async () => {
    const { client } = await signedInClient(t.baseUrl);
    expect((await range(client, "2031-01-01", "2032-12-31")).status).toBe(200);
  });
});

describe("writing availability through to the calendar", () => {
  it("'available' on an empty day creates an Available Off Day; 'rest' then flips it", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const res = await client.post("/api/availability", { date: "2031-07-04", status: "available" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: user.id, date: "2031-07-04", status: "available" });
    let list = await shiftsOf(client);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ date: "2031-07-04", shiftType: "rest_day", restDayShiftInterest: true });

    const again = await client.post("/api/availability", { date: "2031-07-04", status: "rest" });
    expect(again.body).toEqual({ ...res.body, status: "rest" });
    list = await shiftsOf(client);
    expect(list).toHaveLength(1);
    expect(list[0].restDayShiftInterest).toBe(false);
  });

  it("accepts a full ISO timestamp as the date (its London day)", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const res = await client.post("/api/availability", { date: "2031-07-04T23:30:00.000Z", status: "rest" });
    expect(res.body.date).toBe("2031-07-05");
  });

  it("PATCH by id flips an existing rest day; another user's id is 404", async () => {
    const a = await signedInClient(t.baseUrl);
    const b = await signedInClient(t.baseUrl);
    await a.client.post("/api/shifts", { date: "2031-07-11", shiftType: "rest_day" });
    const [row] = (await range(a.client, "2031-07-11", "2031-07-11")).body;
    expect(row.status).toBe("rest");

    const res = await a.client.patch(`/api/availability/${row.id}`, { status: "available" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...row, status: "available" });
    expect((await shiftsOf(a.client))[0].restDayShiftInterest).toBe(true);

    const theirs = await b.client.patch(`/api/availability/${row.id}`, { status: "rest" });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ message: "Availability not found" });
    expect((await shiftsOf(a.client))[0].restDayShiftInterest).toBe(true);
    expect((await shiftsOf(b.client)).length).toBe(0);
  });

  it("refuses 'available' or 'rest' on a working day with 409 and changes nothing", async () => {
    const { client } = await signedInClient(t.baseUrl);
    await client.post("/api/shifts", { date: "2031-07-20", shiftType: "night", startTime: "19:00", endTime: "07:00" });
    const before = await shiftsOf(client);
    for (const status of ["available", "rest"]) {
      const res = await client.post("/api/availability", { date: "2031-07-20", status });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        message: "You have a shift on this date. Change or delete it in your calendar first.",
        field: "date",
      });
    }
    const [row] = (await range(client, "2031-07-20", "2031-07-20")).body;
    expect((await client.patch(`/api/availability/${row.id}`, { status: "available" })).status).toBe(409);
    expect(await shiftsOf(client)).toEqual(before);
    expect((await range(client, "2031-07-20", "2031-07-20")).body).toEqual([row]);
  });

  it("'unavailable' is kept on a working day and refused with 409 on a rest day or an empty day", async () => {
    const { client } = await signedInClient(t.baseUrl);
    await client.post("/api/shifts", { date: "2031-08-01", shiftType: "day", startTime: "07:00", endTime: "19:00" });
    await client.post("/api/shifts", { date: "2031-08-02", shiftType: "rest_day", restDayShiftInterest: true });

    const working = await client.post("/api/availability", { date: "2031-08-01", status: "unavailable" });
    expect(working.status).toBe(200);
    expect(working.body.status).toBe("unavailable");

    const rest = await client.post("/api/availability", { date: "2031-08-02", status: "unavailable" });
    expect(rest.status).toBe(409);
    expect(rest.body.field).toBe("status");
    const empty = await client.post("/api/availability", { date: "2031-08-03", status: "unavailable" });
    expect(empty.status).toBe(409);

    const after = (await range(client, "2031-08-01", "2031-08-31")).body;
    expect(after.map((r: { date: string; status: string }) => [r.date, r.status])).toEqual([
      ["2031-08-01", "unavailable"],
      ["2031-08-02", "available"],
    ]);
    expect((await shiftsOf(client)).length).toBe(2);
  });

  it.each([
    [{ date: "2031-07-04", status: "busy" }, "status"],
    [{ date: "2031-07-04" }, "status"],
    [{ date: "4th July", status: "rest" }, "date"],
    [{ status: "rest" }, "date"],
  ])("POST %j answers 400", async (body, field) => {
    const { client } = await signedInClient(t.baseUrl);
    const res = await client.post("/api/availability", body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(await shiftsOf(client)).toEqual([]);
  });

  it("PATCH with a bad id or status answers 400", async () => {
    const { client } = await signedInClient(t.baseUrl);
    expect((await client.patch("/api/availability/x", { status: "rest" })).body.field).toBe("id");
    expect((await client.patch("/api/availability/1", { status: "maybe" })).body.field).toBe("status");
    expect((await client.patch("/api/availability/999999", { status: "rest" })).status).toBe(404);
  });
});
