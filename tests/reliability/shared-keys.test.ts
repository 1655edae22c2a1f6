// Several instances on one DATABASE_URL, each with a DATA_DIR of its own and no SESSION_SECRET or
// VAPID keys in the environment: they use the keys kept in the database (decision 018).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import webpush from "web-push";
import { type AppProcess, createDatabase, registeredSession, Session, startApp, stopApp } from "./helpers";

const apps: AppProcess[] = [];
const dirs: string[] = [];
const drops: Array<() => Promise<void>> = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "crewswap-keys-"));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const app of apps) await stopApp(app);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const drop of drops) await drop();
});

const publicKey = async (baseUrl: string) =>
  (await new Session(baseUrl).request("GET", "/api/push/public-key")).body.publicKey as string;

it("two instances on one database accept each other's sessions and push with the same VAPID key", async () => {
  const { url, drop } = await createDatabase();
  drops.push(drop);
  const first = await startApp({ dataDir: tempDir(), databaseUrl: url });
  apps.push(first);
  const second = await startApp({ dataDir: tempDir(), databaseUrl: url });
  apps.push(second);

  const { session } = await registeredSession(first.baseUrl);
  const elsewhere = new Session(second.baseUrl);
  elsewhere.cookie = session.cookie;
  expect((await elsewhere.request("GET", "/api/auth/user")).status).toBe(200);
  expect(await publicKey(second.baseUrl)).toBe(await publicKey(first.baseUrl));
});

it("keeps the keys an older CrewSwap generated into DATA_DIR, and the environment's win over both", async () => {
  const { url, drop } = await createDatabase();
  drops.push(drop);
  const dataDir = tempDir();
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(path.join(dataDir, "vapid.json"), JSON.stringify(keys), { mode: 0o600 });
  const upgraded = await startApp({ dataDir, databaseUrl: url });
  apps.push(upgraded);
  expect(await publicKey(upgraded.baseUrl)).toBe(keys.publicKey);

  const fromEnv = webpush.generateVAPIDKeys();
  const configured = await startApp({
    dataDir: tempDir(),
    databaseUrl: url,
    env: { VAPID_PUBLIC_KEY: fromEnv.publicKey, VAPID_PRIVATE_KEY: fromEnv.privateKey },
  });
  apps.push(configured);
  expect(await publicKey(configured.baseUrl)).toBe(fromEnv.publicKey);
  // The environment's pair is not stored: the others keep the one in the database.
  const another = await startApp({ dataDir: tempDir(), databaseUrl: url });
  apps.push(another);
  expect(await publicKey(another.baseUrl)).toBe(keys.publicKey);
});
