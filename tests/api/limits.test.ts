import { randomBytes } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workbook } from "../fixtures/workbooks";
import { startTestApp, type TestApp, until } from "./helpers/app";
import { Client, PASSWORD, signedInClient } from "./helpers/client";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    // Addresses come from X-Forwarded-For, so one test can play an attacker and the owner.
    env: { TRUST_PROXY: "true" },
    limits: {
      auth: { failedLogins: { max: 6, windowMs: 60_000 }, resetMails: { max: 5, windowMs: 60_000 } },
      imports: { max: 3, windowMs: 60_000 },
    },
  });
});
afterAll(async () => t.close());

const ATTACKER = { "x-forwarded-for": "203.0.113.9" };
const OWNER = { "x-forwarded-for": "198.51.100.7" };
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

describe("failed sign-ins", () => {
  it("are counted per account and address: a stranger who knows the email cannot lock its owner out", async () => {
    const { user } = await signedInClient(t.baseUrl);
    const attacker = new Client(t.baseUrl);
    const statuses: number[] = [];
    const took: number[] = [];
    for (let i = 0; i < 7; i++) {
      const started = Date.now();
      statuses.push(
        (await attacker.post("/api/auth/login", { email: user.email, password: `Wr0ng!${i}` }, ATTACKER)).status,
      );
      took.push(Date.now() - started);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    // Each guess past the third waits longer before its answer (250 ms, 500 ms, 1 s, …).
    expect(took[5]).toBeGreaterThanOrEqual(900);
    expect(took[4]).toBeGreaterThanOrEqual(450);
    // The attacker's address is locked, even with the right password.
    const locked = await attacker.post("/api/auth/login", { email: user.email, password: PASSWORD }, ATTACKER);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);

    // The owner, from their own address, signs in at once.
    const owner = new Client(t.baseUrl);
    const started = Date.now();
    const res = await owner.post("/api/auth/login", { email: user.email, password: PASSWORD }, OWNER);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(took[5]);
    expect((await owner.get("/api/auth/user")).body.id).toBe(user.id);
  });
});

describe("forgot password", () => {
  it("answers before it looks the address up, so a known address takes no longer than an unknown one", async () => {
    const { user } = await signedInClient(t.baseUrl);
    const before = t.mails.length;
    // Hold the users table: any lookup made before answering would wait for it.
    const blocker = await t.database.db.$client.connect();
    try {
      await blocker.query("begin");
      await blocker.query("lock table users in access exclusive mode");
      const answer = await Promise.race([
        new Client(t.baseUrl).post("/api/auth/forgot-password", { email: user.email }),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error("the answer waited for the lookup")), 3000),
        ),
      ]);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: "Check your email" });
      expect(t.mails.length).toBe(before);
    } finally {
      await blocker.query("commit");
      blocker.release();
    }
    // The work runs after the answer: the link still goes out.
    await until(() => t.mails.some((m, i) => i >= before && m.to === user.email));
  });
});

/** A multipart import whose body is held open until `finish()`; answers once the server replies. */
function heldUpload(client: Client) {
  const url = new URL("/api/shifts/import", client.baseUrl);
  const boundary = `----crewswap${randomBytes(8).toString("hex")}`;
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: "POST",
    headers: {
      origin: client.baseUrl,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "transfer-encoding": "chunked",
    },
  });
  const answered = new Promise<number>((resolve, reject) => {
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
  });
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="roster.xlsx"\r\nContent-Type: ${XLSX_TYPE}\r\n\r\n`,
  );
  const file = workbook({ S: [["Date", "Shift"]] });
  req.write(file.subarray(0, 100));
  return {
    answered,
    finish: () => {
      req.write(file.subarray(100));
      req.end(`\r\n--${boundary}--\r\n`);
      return answered;
    },
  };
}

function upload(client: Client, bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: XLSX_TYPE }), "roster.xlsx");
  return client.post("/api/shifts/import", form);
}

describe("imports", () => {
  it("run one at a time per user; others are not held up", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const colleague = await signedInClient(t.baseUrl);
    const first = heldUpload(client);
    // Wait until the held upload has taken the user's turn.
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const { rows } = await t.database.db.$client.query("select 1 from rate_limits where key = $1", [
        `import-turn:${user.id}`,
      ]);
      if (rows.length > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const second = await upload(client, workbook({ S: [["Date", "Shift"]] }));
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      message: "Your previous roster is still being imported. Please wait for it to finish.",
      field: "file",
    });
    // Someone else's import is not affected.
    expect((await upload(colleague.client, workbook({ S: [["Date", "Shift"]] }))).status).not.toBe(409);

    await first.finish();
    const third = await upload(client, workbook({ S: [["Date", "Shift"]] }));
    expect(third.status).not.toBe(409);
  });

  it("are limited per user in a window, with Retry-After", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await upload(client, workbook({ S: [["Date", "Shift"]] }))).status);
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    const refused = await upload(client, workbook({ S: [["Date", "Shift"]] }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

/** An upload of `size` bytes, streamed without a declared length (chunked), read to its answer. */
function streamedUpload(client: Client, size: number, declared?: number): Promise<number> {
  const url = new URL("/api/shifts/import", client.baseUrl);
  const boundary = `----crewswap${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.xlsx"\r\nContent-Type: ${XLSX_TYPE}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(size - 4, 0x41), tail]);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      headers: {
        origin: client.baseUrl,
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        "content-type": `multipart/form-data; boundary=${boundary}`,
        ...(declared === undefined ? { "transfer-encoding": "chunked" } : { "content-length": String(body.length) }),
      },
    });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    let offset = 0;
    const pump = () => {
      while (!answered && offset < body.length) {
        const chunk = body.subarray(offset, offset + 64 * 1024);
        offset += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe("oversized uploads", () => {
  it("answer 413 every time, streamed without a length or declared just under the envelope", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { client } = await signedInClient(t.baseUrl);
      statuses.push(await streamedUpload(client, 5 * 1024 * 1024 + 1));
      const other = await signedInClient(t.baseUrl);
      statuses.push(await streamedUpload(other.client, 5 * 1024 * 1024 + 1, 1));
    }
    expect(statuses).toEqual(Array(8).fill(413));
  });
});
