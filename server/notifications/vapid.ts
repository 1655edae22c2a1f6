import { readFileSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import webpush from "web-push";
import type { PushConfig, VapidKeys } from "../config";

function readKeys(file: string): VapidKeys | undefined {
  try {
    const value = JSON.parse(readFileSync(file, "utf8")) as Partial<VapidKeys>;
    if (typeof value.publicKey === "string" && typeof value.privateKey === "string") {
      return { publicKey: value.publicKey, privateKey: value.privateKey };
    }
  } catch {
    // absent or unreadable: generated below
  }
  return undefined;
}

/**
 * The VAPID key pair (RFC 8292): from the environment, else DATA_DIR/vapid.json, generated there
 * (mode 0600) on first start. A pair must never change silently: every browser subscribed with it.
 */
export async function loadVapidKeys(push: PushConfig, dataDir: string): Promise<VapidKeys> {
  if (push.vapid) return push.vapid;
  const file = path.join(dataDir, "vapid.json");
  const existing = readKeys(file);
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: "wx" });
    return keys;
  } catch {
    // Another process started at the same moment and wrote its pair first: use that one.
    const other = readKeys(file);
    if (other) return other;
    throw new Error(`Could not create ${file}`);
  }
}
