import { createHmac, timingSafeEqual } from "node:crypto";

const sign = (secret: string, userId: number) =>
  createHmac("sha256", secret).update(`email-unsubscribe:${userId}`).digest("base64url");

/** A link that turns the user's digest off without signing in (RFC 8058 one-click). */
export function unsubscribeUrl(appUrl: string, secret: string, userId: number): string {
  return `${appUrl}/api/notifications/unsubscribe?user=${userId}&token=${sign(secret, userId)}`;
}

export function verifyUnsubscribe(secret: string, userId: number, token: string): boolean {
  const expected = Buffer.from(sign(secret, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
