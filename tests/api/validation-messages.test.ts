import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helpers/app";
import { Client, registration, signedInClient } from "./helpers/client";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe("validation answers", () => {
  it("name the field in plain words instead of the validator's own text", async () => {
    const { firstName: _, ...noFirstName } = registration();
    const missing = await new Client(t.baseUrl).post("/api/auth/register", noFirstName);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: "First name is required", field: "firstName" });

    const login = await new Client(t.baseUrl).post("/api/auth/login", { email: "a@nhs.net" });
    expect(login.body).toEqual({ message: "Password is required", field: "password" });

    const wrongType = await new Client(t.baseUrl).post("/api/auth/login", { email: "a@nhs.net", password: 7 });
    expect(wrongType.body).toEqual({ message: "Password must be text", field: "password" });

    const { client } = await signedInClient(t.baseUrl);
    const badStatus = await client.post("/api/availability", { date: "2031-01-01", status: "maybe" });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.field).toBe("status");
    expect(badStatus.body.message).not.toMatch(/Invalid (input|option)|expected/);
  });

  it("keep the messages the schemas word themselves", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const res = await client.post("/api/shifts", { date: "2031-01-01", shiftType: "day", startTime: "7am" });
    expect(res.body).toEqual({ message: "Times must be HH:MM on a 15-minute step", field: "startTime" });
  });
});
