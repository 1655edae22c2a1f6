import net from "node:net";
import { afterEach, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helpers/app";

/**
 * Closing the app (a deploy's SIGTERM, every test file's afterAll) must not wait on a client's
 * connection: Node only ends connections that are idle when close() starts.
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close().catch(() => undefined);
  t = undefined;
});

/** A raw connection, so the body can be sent in part, as a slow or refused upload leaves it. */
async function rawConnection(baseUrl: string) {
  const url = new URL(baseUrl);
  const socket = net.connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = "";
  socket.on("data", (d) => {
    received += d.toString("latin1");
  });
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  const answer = async () => {
    for (let i = 0; i < 200 && !/\r\n\r\n/.test(received); i++) await new Promise((r) => setTimeout(r, 25));
    return received;
  };
  const head = (method: string, path: string, length: number, type = "application/json") =>
    `${method} ${path} HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${baseUrl}\r\n` +
    `Content-Type: ${type}\r\nContent-Length: ${length}\r\nConnection: keep-alive\r\n\r\n`;
  return { socket, closed, answer, head };
}

/** Resolves with how long close() took, or rejects once it has taken over `limitMs`. */
async function timedClose(app: TestApp, limitMs: number): Promise<number> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    app.close(),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`close() still waiting after ${limitMs} ms`)), limitMs);
    }),
  ]).finally(() => clearTimeout(timer));
  return Date.now() - started;
}

it("a body refused before it was read closes its connection, so close() does not wait for the rest", async () => {
  t = await startTestApp();
  const c = await rawConnection(t.baseUrl);
  // Refused (signed out, and a type no route parses) with most of the body still to come, as the fuzz test sends.
  c.socket.write(c.head("POST", "/api/shifts", 1_100_000, "application/xml"));
  c.socket.write("x".repeat(10_000));
  const answer = await c.answer();
  expect(answer).toMatch(/^HTTP\/1\.1 4\d\d/);
  expect(answer.toLowerCase()).toContain("connection: close");
  // The client sends no more of the body: the server ends the connection all the same.
  await c.closed;
  const app = t;
  t = undefined;
  expect(await timedClose(app, 15_000)).toBeLessThan(15_000);
});

it("a small body refused before it was read is still taken to its end, so its sender gets the answer", async () => {
  t = await startTestApp();
  const c = await rawConnection(t.baseUrl);
  // A signed-out upload: refused at once, while the client is still sending its few kilobytes.
  c.socket.write(c.head("POST", "/api/shifts/import", 6_000, "multipart/form-data; boundary=x"));
  c.socket.write("x".repeat(2_000));
  const answer = await c.answer();
  expect(answer).toMatch(/^HTTP\/1\.1 401/);
  expect(answer.toLowerCase()).not.toContain("connection: close");
  // The rest of the body goes through, and the connection answers the next request.
  const failed = new Promise<Error | null>((resolve) => {
    c.socket.once("error", resolve);
    setTimeout(() => resolve(null), 300);
  });
  c.socket.write("x".repeat(4_000));
  expect(await failed).toBeNull();
  const before = (await c.answer()).length;
  c.socket.write(
    c.head("GET", "/api/health", 0).replace("Content-Type: application/json\r\nContent-Length: 0\r\n", ""),
  );
  for (let i = 0; i < 200; i++) {
    if ((await c.answer()).slice(before).includes("HTTP/1.1")) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  expect((await c.answer()).slice(before)).toMatch(/HTTP\/1\.1 \d{3}/);
  c.socket.destroy();
});

it("a request in flight when close() starts is answered, then its kept-alive connection is closed", async () => {
  t = await startTestApp();
  const c = await rawConnection(t.baseUrl);
  const body = JSON.stringify({ username: "nobody@nhs.net", password: "not-the-password" });
  c.socket.write(c.head("POST", "/api/auth/login", body.length));
  c.socket.write(body.slice(0, 10));
  await new Promise((r) => setTimeout(r, 200));
  const app = t;
  t = undefined;
  const closing = timedClose(app, 15_000);
  await new Promise((r) => setTimeout(r, 200));
  c.socket.write(body.slice(10));
  const answer = await c.answer();
  expect(answer).toMatch(/^HTTP\/1\.1 4\d\d/);
  expect(answer.toLowerCase()).toContain("connection: close");
  await c.closed;
  expect(await closing).toBeLessThan(15_000);
});
