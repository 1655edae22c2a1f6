import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

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
  MAIL_FROM: z.string().default("CrewSwap <no-reply@crewswap.local>"),
  APP_URL: z.string().url().optional(),
  COOKIE_SECURE: bool.optional(),
  TRUST_PROXY: bool.default(false),
  TUTORIALS_PLAYLIST_URL: z.string().url().default("https://www.youtube.com/playlist?list=PLcrewswap-tutorials"),
  HUB_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  clientDir: string;
  databaseUrl?: string;
  sessionSecret: string;
  allowedEmailDomains: string[];
  smtpUrl?: string;
  mailFrom: string;
  appUrl: string;
  cookieSecure: boolean;
  trustProxy: boolean;
  tutorialsPlaylistUrl: string;
  logLevel: string;
  hubCacheMs: number;
};

export class ConfigError extends Error {}

const defaultClientDir = fileURLToPath(new URL("../dist/client", import.meta.url));

/** Parses the environment; throws a one-line ConfigError naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    clientDir: path.resolve(e.CLIENT_DIR ?? defaultClientDir),
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    allowedEmailDomains: e.ALLOWED_EMAIL_DOMAINS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl,
    cookieSecure: e.COOKIE_SECURE ?? appUrl.startsWith("https://"),
    trustProxy: e.TRUST_PROXY,
    tutorialsPlaylistUrl: e.TUTORIALS_PLAYLIST_URL,
    logLevel: e.LOG_LEVEL,
    hubCacheMs: e.HUB_CACHE_MS,
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}
