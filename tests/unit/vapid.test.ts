import { mkdtempSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import webpush from "web-push";
import { ConfigError, loadConfig } from "../../server/config";
import { loadVapidKeys } from "../../server/notifications/vapid";

const base = { SESSION_SECRET: "x".repeat(40) };

describe("VAPID keys", () => {
  it("are generated into DATA_DIR on first start, readable by the owner only, and kept", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-vapid-"));
    const config = loadConfig({ ...base, DATA_DIR: dataDir });
    const first = await loadVapidKeys(config.push, config.dataDir);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(statSync(path.join(dataDir, "vapid.json")).mode & 0o777).toBe(0o600);
    expect(await loadVapidKeys(config.push, config.dataDir)).toEqual(first);
  });

  it("come from the environment when both are set", async () => {
    const keys = webpush.generateVAPIDKeys();
    const config = loadConfig({
      ...base,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "crewswap-vapid-")),
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: "mailto:ops@example.nhs.net",
    });
    expect(await loadVapidKeys(config.push, config.dataDir)).toEqual(keys);
    expect(config.push.subject).toBe("mailto:ops@example.nhs.net");
  });

  it("are refused when malformed or only one is set", () => {
    const keys = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: "abc", VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ ...base, VAPID_SUBJECT: "ops@example.com" })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ ...base, NOTIFY_EMAIL_DELAY_MINUTES: "-1" })).toThrow(/NOTIFY_EMAIL_DELAY_MINUTES/);
  });
});
