import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), "crewswap-config-"));

describe("configuration", () => {
  it("has working defaults, and reading them writes nothing to DATA_DIR", () => {
    const dir = path.join(dataDir(), "data");
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    // No playlist ships with the app: the profile hides Tutorials until one is configured.
    expect(config.tutorialsPlaylistUrl).toBeNull();
    const url = "https://www.youtube.com/playlist?list=PLx";
    expect(loadConfig({ DATA_DIR: dir, TUTORIALS_PLAYLIST_URL: url }).tutorialsPlaylistUrl).toBe(url);
    expect(config.allowedEmailDomains).toEqual(["nhs.net", "nhs.uk"]);
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.cookieSecure).toBe(false);
    // Without SESSION_SECRET the secret is the one kept in the database, filled in at start; an
    // operator command with a mistyped DATA_DIR no longer creates the folder.
    expect(config.sessionSecret).toBe("");
    expect(existsSync(dir)).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: "s".repeat(40) }).sessionSecret).toBe("s".repeat(40));
  });

  it("requires email verification by default only when mail can really arrive (SMTP_URL)", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).emailVerification).toBe("off");
    expect(loadConfig({ DATA_DIR: dataDir(), SMTP_URL: "smtp://mail:25" }).emailVerification).toBe("required");
    expect(loadConfig({ DATA_DIR: dataDir(), EMAIL_VERIFICATION: "required" }).emailVerification).toBe("required");
    expect(
      loadConfig({ DATA_DIR: dataDir(), SMTP_URL: "smtp://mail:25", EMAIL_VERIFICATION: "off" }).emailVerification,
    ).toBe("off");
    expect(() => loadConfig({ DATA_DIR: dataDir(), EMAIL_VERIFICATION: "maybe" })).toThrow(/EMAIL_VERIFICATION/);
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

  it("allows 100 sign-ups per address an hour unless REGISTRATIONS_PER_IP_PER_HOUR says otherwise", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).registrationsPerIpPerHour).toBe(100);
    expect(loadConfig({ DATA_DIR: dataDir(), REGISTRATIONS_PER_IP_PER_HOUR: "400" }).registrationsPerIpPerHour).toBe(
      400,
    );
  });

  it("takes the working-time limits from WTR_* and turns the checks off with WTR_CHECKS=off", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).workingTime).toEqual({
      dailyRestHours: 11,
      weeklyRestHours: 24,
      averageWeekHours: 48,
      referenceWeeks: 17,
      nightHoursPer24: 8,
    });
    const set = loadConfig({
      DATA_DIR: dataDir(),
      WTR_DAILY_REST_HOURS: "10",
      WTR_WEEKLY_REST_HOURS: "36",
      WTR_AVERAGE_WEEK_HOURS: "56.5",
      WTR_REFERENCE_WEEKS: "26",
    });
    expect(set.workingTime).toMatchObject({
      dailyRestHours: 10,
      weeklyRestHours: 36,
      averageWeekHours: 56.5,
      referenceWeeks: 26,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), WTR_CHECKS: "off" }).workingTime).toBeNull();
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ APP_URL: "not a url" }, "APP_URL"],
    [{ COOKIE_SECURE: "maybe" }, "COOKIE_SECURE"],
    [{ TRUST_PROXY: "2" }, "TRUST_PROXY"],
    [{ WTR_CHECKS: "false" }, "WTR_CHECKS"],
    [{ WTR_DAILY_REST_HOURS: "eleven" }, "WTR_DAILY_REST_HOURS"],
    [{ WTR_WEEKLY_REST_HOURS: "-4" }, "WTR_WEEKLY_REST_HOURS"],
    [{ WTR_AVERAGE_WEEK_HOURS: "0" }, "WTR_AVERAGE_WEEK_HOURS"],
    [{ WTR_REFERENCE_WEEKS: "2.5" }, "WTR_REFERENCE_WEEKS"],
    [{ ALLOWED_EMAIL_DOMAINS: " , " }, "ALLOWED_EMAIL_DOMAINS"],
    [{ REGISTRATIONS_PER_IP_PER_HOUR: "0" }, "REGISTRATIONS_PER_IP_PER_HOUR"],
    [{ REGISTRATIONS_PER_IP_PER_HOUR: "many" }, "REGISTRATIONS_PER_IP_PER_HOUR"],
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
