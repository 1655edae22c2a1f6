import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import type { Config, VapidKeys } from "../config";
import type { Db } from "../db/open";
import { keepSecret } from "./queries";

type Key = {
  /** Its name in app_secrets. */
  name: string;
  /** The file an older CrewSwap generated it into, in DATA_DIR. */
  file: string;
  /** The file's content as the value kept, or undefined when it is not one. */
  fromFile: (text: string) => string | undefined;
  generate: () => string;
};

const SESSION_SECRET: Key = {
  name: "session-secret",
  file: "session-secret",
  fromFile: (text) => text.trim() || undefined,
  generate: () => randomBytes(48).toString("base64url"),
};

const VAPID: Key = {
  name: "vapid",
  file: "vapid.json",
  fromFile: (text) => {
    try {
      const { publicKey, privateKey } = JSON.parse(text) as Partial<VapidKeys>;
      return typeof publicKey === "string" && typeof privateKey === "string"
        ? JSON.stringify({ publicKey, privateKey })
        : undefined;
    } catch {
      return undefined;
    }
  },
  generate: () => JSON.stringify(webpush.generateVAPIDKeys()),
};

/**
 * The config with the session secret and the VAPID pair filled in: the environment's when set (they
 * always win), else those kept in the database, made on the first start. A DATA_DIR from before
 * they were kept there gives its own files' keys, so an upgrade signs nobody out.
 */
export async function withStoredSecrets(config: Config, db: Db, log: (msg: string) => void): Promise<Config> {
  const sessionSecret = config.sessionSecret || (await keep(db, config.dataDir, SESSION_SECRET, log));
  const vapid = config.push.vapid ?? (JSON.parse(await keep(db, config.dataDir, VAPID, log)) as VapidKeys);
  return { ...config, sessionSecret, push: { ...config.push, vapid } };
}

async function keep(db: Db, dataDir: string, key: Key, log: (msg: string) => void): Promise<string> {
  const file = path.join(dataDir, key.file);
  let inDataDir: string | undefined;
  try {
    inDataDir = key.fromFile(readFileSync(file, "utf8"));
  } catch {
    // no such file: nothing to carry over
  }
  const kept = await keepSecret(db, key.name, () => inDataDir ?? key.generate());
  if (inDataDir && inDataDir !== kept) {
    log(`${file} differs from the ${key.name} kept in the database; the database's is used (remove the file)`);
  }
  return kept;
}
