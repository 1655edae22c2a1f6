import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), "crewswap-config-"));

describe("configuration", () => {
  it("has working defaults and keeps a generated session secret in DATA_DIR", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.hubCacheMs).toBe(5000);
    expect(config.allowedEmailDomains).toEqual(["nhs.net", "nhs.uk"]);
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.cookieSecure).toBe(false);
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(config.sessionSecret);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it("derives secure cookies from an https APP_URL and parses the domain list", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      APP_URL: "https://crewswap.example.nhs.uk/",
      ALLOWED_EMAIL_DOMAINS: " @wmas.nhs.uk, NHS.NET ",
    });
    expect(config.cookieSecure).toBe(true);
    expect(config.appUrl).toBe("https://crewswap.example.nhs.uk");
    expect(config.allowedEmailDomains).toEqual(["wmas.nhs.uk", "nhs.net"]);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ APP_URL: "not a url" }, "APP_URL"],
    [{ COOKIE_SECURE: "maybe" }, "COOKIE_SECURE"],
    [{ HUB_CACHE_MS: "-1" }, "HUB_CACHE_MS"],
    [{ HUB_CACHE_MS: "soon" }, "HUB_CACHE_MS"],
    [{ TRUST_PROXY: "2" }, "TRUST_PROXY"],
    [{ ALLOWED_EMAIL_DOMAINS: " , " }, "ALLOWED_EMAIL_DOMAINS"],
  ])("refuses %j with one line naming %s", (env, name) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), ...env });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.startsWith(`Invalid ${name}:`)).toBe(true);
    expect(message).not.toContain("\n");
  });
});
