import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, startTestApp, type TestApp } from "./helpers/app";
import { Client, registration } from "./helpers/client";

/** Per-address limits (DESIGN §5.15) hold across instances: two apps on one database count together. */

describe("per-address limits on two instances", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const databaseUrl = await createDatabase();
    a = await startTestApp({ databaseUrl, limits: { registrationsPerIp: 100, authPerIp: 300 } });
    b = await startTestApp({ databaseUrl, limits: { registrationsPerIp: 100, authPerIp: 300 } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("refuses the 101st registration from one address whichever instance answers", async () => {
    const statuses: number[] = [];
    // Ten at a time (each hashes a password), alternating between the instances.
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          new Client((i % 2 === 0 ? a : b).baseUrl).post("/api/auth/register", registration()),
        ),
      );
      statuses.push(...answers.map((res) => res.status));
    }
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    for (const app of [a, b]) {
      const res = await new Client(app.baseUrl).post("/api/auth/register", registration());
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(3000);
    }
  }, 120_000);
});

it("counts every auth call of an address in one bucket, across routes and instances", async () => {
  const databaseUrl = await createDatabase();
  const a = await startTestApp({ databaseUrl, limits: { authPerIp: 6 } });
  const b = await startTestApp({ databaseUrl, limits: { authPerIp: 6 } });
  try {
    const calls = [
      () => new Client(a.baseUrl).post("/api/auth/register", registration()),
      () => new Client(b.baseUrl).post("/api/auth/login", { email: "nobody@nhs.net", password: "Wr0ng!pass" }),
      () => new Client(a.baseUrl).post("/api/auth/forgot-password", { email: "nobody@nhs.net" }),
      () => new Client(b.baseUrl).post("/api/auth/reset-password", { token: "x".repeat(43), password: "Str0ng!pass2" }),
      () => new Client(a.baseUrl).post("/api/auth/logout"),
      () => new Client(b.baseUrl).post("/api/auth/login", { email: "nobody@nhs.net", password: "Wr0ng!pass" }),
    ];
    const statuses = [];
    for (const call of calls) statuses.push((await call()).status);
    expect(statuses).not.toContain(429);
    for (const app of [a, b]) {
      const res = await new Client(app.baseUrl).post("/api/auth/forgot-password", { email: "nobody@nhs.net" });
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toBeTruthy();
    }
    // Signed-in reads are not auth calls: a crew's app keeps working.
    expect((await new Client(a.baseUrl).get("/api/auth/user")).status).toBe(401);
  } finally {
    await a.close();
    await b.close();
  }
});
