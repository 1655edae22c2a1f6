import http from "node:http";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helpers/app";
import { signedInClient } from "./helpers/client";

// Answers are compressed on the wire when the client accepts it; whatever the encoding, the client
// must read exactly the JSON (or calendar) an uncompressed answer carries.

let t: TestApp;
let cookie: string;
let feedPath: string;

/** A raw GET: the body as the server sent it, not decoded. */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.get(t.baseUrl + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;

beforeAll(async () => {
  t = await startTestApp();
  const { client } = await signedInClient(t.baseUrl);
  cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  // Enough shifts for a list of several kilobytes, as a real roster gives.
  for (let day = 1; day <= 28; day++) {
    const date = `2031-02-${String(day).padStart(2, "0")}`;
    const res = await client.post("/api/shifts", {
      date,
      shiftType: day % 2 ? "day" : "night",
      startTime: day % 2 ? "07:00" : "19:00",
      endTime: day % 2 ? "19:00" : "07:00",
      notes: `Station ${day}`,
    });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  }
  feedPath = new URL((await client.get("/api/calendar-feed/token")).body.url).pathname;
});
afterAll(async () => t.close());

describe("compressed answers", () => {
  it("sends the shift list as brotli or gzip as accepted, decoding to the same JSON as the plain answer", async () => {
    const plain = await rawGet("/api/shifts", { cookie, "accept-encoding": "identity" });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const json = JSON.parse(plain.body.toString("utf8"));
    expect(json).toHaveLength(28);
    expect(plain.body.length).toBeGreaterThan(1024);

    for (const [accept, expected] of [
      ["br, gzip, deflate", "br"],
      ["gzip, deflate", "gzip"],
      ["gzip;q=1, br;q=0.5", "gzip"],
    ] as const) {
      const res = await rawGet("/api/shifts", { cookie, "accept-encoding": accept });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(expected);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decode(expected, res.body).toString("utf8"))).toEqual(json);
      // The list's ETag still works for a compressed copy.
      const again = await rawGet("/api/shifts", {
        cookie,
        "accept-encoding": accept,
        "if-none-match": String(res.headers.etag),
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    }
  });

  it("compresses a kept list once per version: the compressed copy follows every change", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const mine = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    for (let day = 1; day <= 20; day++) {
      await client.post("/api/shifts", { date: `2031-03-${String(day).padStart(2, "0")}`, shiftType: "day" });
    }
    const read = async (accept: string) => {
      const res = await rawGet("/api/shifts", { cookie: mine, "accept-encoding": accept });
      expect(res.status).toBe(200);
      return { res, list: JSON.parse(decode(res.headers["content-encoding"], res.body).toString("utf8")) };
    };
    const first = await read("br");
    const second = await read("br");
    expect(second.res.body.equals(first.res.body)).toBe(true);
    const added = await client.post("/api/shifts", { date: "2031-03-25", shiftType: "night", notes: "Kept?" });
    expect(added.status).toBe(201);
    for (const accept of ["br", "gzip", "identity"]) {
      const { list } = await read(accept);
      expect(list).toHaveLength(21);
      expect(list.find((s: { date: string }) => s.date === "2031-03-25")?.notes).toBe("Kept?");
    }
  });

  it("leaves small answers as they are", async () => {
    const res = await rawGet("/api/auth/user", { cookie, "accept-encoding": "br, gzip" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(res.body.toString("utf8")).email).toMatch(/@nhs\.net$/);
  });

  it("compresses the calendar feed too, decoding to the same calendar", async () => {
    const plain = await rawGet(feedPath, { "accept-encoding": "identity" });
    expect(plain.status).toBe(200);
    expect(plain.body.toString("utf8")).toContain("BEGIN:VCALENDAR");
    const res = await rawGet(feedPath, { "accept-encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["content-type"]).toMatch(/^text\/calendar/);
    // Each feed stamps the time it was made; everything else is the same.
    const unstamped = (b: Buffer) => b.toString("utf8").replace(/^DTSTAMP:.*$/gm, "");
    expect(unstamped(gunzipSync(res.body))).toBe(unstamped(plain.body));
  });

  it("does not inflate compressed request bodies", async () => {
    const res = await fetch(`${t.baseUrl}/api/shifts`, {
      method: "POST",
      headers: { cookie, origin: t.baseUrl, "content-type": "application/json", "content-encoding": "gzip" },
      body: new Uint8Array(
        gzipSync(JSON.stringify({ date: "2031-03-01", shiftType: "day", startTime: "07:00", endTime: "19:00" })),
      ),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
