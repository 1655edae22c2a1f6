import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { DEFAULT_WTR_LIMITS } from "../common/working-time";
import type { WtrLimits } from "../common/working-time-types";
import type { Clock } from "./clock";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  CLIENT_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ALLOWED_EMAIL_DOMAINS: z
    .string()
    .default("nhs.net,nhs.uk")
    .transform((v) =>
      v
        .split(",")
        .map((d) => d.trim().toLowerCase().replace(/^[@.]/, ""))
        .filter(Boolean),
    )
    .refine((list) => list.length > 0, "must list at least one domain"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  EMAIL_VERIFICATION: z.enum(["required", "off"]).optional(),
  MAIL_FROM: z.string().default("CrewSwap <no-reply@crewswap.local>"),
  APP_URL: z.string().url().optional(),
  COOKIE_SECURE: bool.optional(),
  TRUST_PROXY: bool.default(false),
  REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(100),
  TUTORIALS_PLAYLIST_URL: z.string().url().optional(),
  WTR_CHECKS: z.enum(["on", "off"]).default("on"),
  WTR_DAILY_REST_HOURS: z.coerce.number().min(0).max(24).default(11),
  WTR_WEEKLY_REST_HOURS: z.coerce.number().min(0).max(72).default(24),
  WTR_AVERAGE_WEEK_HOURS: z.coerce.number().min(1).max(168).default(48),
  WTR_REFERENCE_WEEKS: z.coerce.number().int().min(1).max(52).default(17),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "must be an uncompressed P-256 public key, URL-safe base64 (87 characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key, URL-safe base64 (43 characters)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: or https: URL")
    .optional(),
  PUSH_ALLOW_INSECURE: bool.default(false),
  NOTIFY_EMAIL_DELAY_MINUTES: z.coerce.number().min(0).max(1440).default(15),
  NOTIFY_MESSAGE_HOLD_SECONDS: z.coerce.number().min(0).max(60).default(5),
  COVER_ALERTS_PER_DAY: z.coerce.number().int().min(0).max(100).default(5),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  clientDir: string;
  databaseUrl?: string;
  /**
   * Signs session cookies and unsubscribe links: SESSION_SECRET, else empty until the start fills
   * in the one kept in the database (withStoredSecrets in server/security/app-secrets.ts).
   */
  sessionSecret: string;
  allowedEmailDomains: string[];
  smtpUrl?: string;
  /** Whether a new address must be proven by its mailed link before colleagues see the account. */
  emailVerification: "required" | "off";
  mailFrom: string;
  appUrl: string;
  cookieSecure: boolean;
  trustProxy: boolean;
  /** Sign-ups one address may make in an hour: a station's network may put a whole crew behind one. */
  registrationsPerIpPerHour: number;
  /** Unset: the profile shows no Tutorials card (no real playlist ships with the app). */
  tutorialsPlaylistUrl: string | null;
  logLevel: string;
  push: PushConfig;
  /** How long a request or message may stay unread before it goes into an email digest. */
  notifyEmailDelayMs: number;
  /** How long a message waits before its push, so one read meanwhile on an open socket is not pushed. */
  notifyMessageHoldMs: number;
  /** Cover-alert pushes a person gets in a London day; the rest go into the email digest. */
  coverAlertsPerDay: number;
  /** Working-time warnings (DESIGN §5.18); null when WTR_CHECKS=off. */
  workingTime: WtrLimits | null;
};

/**
 * What cover alerts follow (`CoverAlertOptions` in server/swaps/cover-alerts.ts), passed by the
 * routes of every change that may raise them: opening a request, marking an Available Off Day.
 */
export const coverAlertOptions = (config: Config, clock: Clock) => ({
  perDay: config.coverAlertsPerDay,
  limits: config.workingTime,
  clock,
});

export type VapidKeys = { publicKey: string; privateKey: string };
export type PushConfig = {
  /** From the environment; otherwise the pair kept in the database, made on the first start. */
  vapid?: VapidKeys;
  subject: string;
  allowInsecure: boolean;
};

export class ConfigError extends Error {}

// From server/config.ts in development, from the compiled dist/server/main.js in production.
const defaultClientDir = fileURLToPath(
  new URL(import.meta.url.endsWith(".ts") ? "../dist/client" : "../client", import.meta.url),
);

/** Parses the environment; throws a one-line ConfigError naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      `Invalid ${e.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"}: set both VAPID keys or neither`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    clientDir: path.resolve(e.CLIENT_DIR ?? defaultClientDir),
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET ?? "",
    allowedEmailDomains: e.ALLOWED_EMAIL_DOMAINS,
    smtpUrl: e.SMTP_URL,
    // Only where mail can really arrive; a local trial without SMTP stays two commands.
    emailVerification: e.EMAIL_VERIFICATION ?? (e.SMTP_URL ? "required" : "off"),
    mailFrom: e.MAIL_FROM,
    appUrl,
    cookieSecure: e.COOKIE_SECURE ?? appUrl.startsWith("https://"),
    trustProxy: e.TRUST_PROXY,
    registrationsPerIpPerHour: e.REGISTRATIONS_PER_IP_PER_HOUR,
    tutorialsPlaylistUrl: e.TUTORIALS_PLAYLIST_URL ?? null,
    logLevel: e.LOG_LEVEL,
    workingTime:
      e.WTR_CHECKS === "off"
        ? null
        : {
            ...DEFAULT_WTR_LIMITS,
            dailyRestHours: e.WTR_DAILY_REST_HOURS,
            weeklyRestHours: e.WTR_WEEKLY_REST_HOURS,
            averageWeekHours: e.WTR_AVERAGE_WEEK_HOURS,
            referenceWeeks: e.WTR_REFERENCE_WEEKS,
          },
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? (appUrl.startsWith("https://") ? appUrl : "mailto:no-reply@crewswap.local"),
      allowInsecure: e.PUSH_ALLOW_INSECURE,
    },
    notifyEmailDelayMs: Math.round(e.NOTIFY_EMAIL_DELAY_MINUTES * 60_000),
    notifyMessageHoldMs: Math.round(e.NOTIFY_MESSAGE_HOLD_SECONDS * 1000),
    coverAlertsPerDay: e.COVER_ALERTS_PER_DAY,
  };
}
