import { SCHEDULE_TIP_COOKIE, SCHEDULE_TIP_DISMISSED } from "@common/first-paint-kinds";
import { readFlag, writeFlag } from "./local-flag";

/** Closed for one user on this device (several crews may share a station's tablet). */
const flagKey = (userId: number) => `crewswap:schedule-tip-dismissed:${userId}`;

export function scheduleTipDismissed(userId: number): boolean {
  return readFlag(flagKey(userId));
}

export function dismissScheduleTip(userId: number): void {
  writeFlag(flagKey(userId));
  mirrorScheduleTipCookie(userId);
}

/**
 * Tells the server (and the waiting frame) whether the signed-in user has closed the tip, so that
 * /calendar's first paint matches what the app draws. Called whenever a user is signed in here.
 */
export function mirrorScheduleTipCookie(userId: number): void {
  setCookie(scheduleTipDismissed(userId));
}

/** On sign-out: the tip shows again in the first paint until the next user's choice is known. */
export function forgetScheduleTipCookie(): void {
  setCookie(false);
}

function setCookie(dismissed: boolean) {
  if (dismissed === scheduleTipCookieSaysDismissed()) return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  const value = dismissed ? `${SCHEDULE_TIP_DISMISSED}; Max-Age=31536000` : "; Max-Age=0";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser crews use (Firefox), and one flag needs no cookie library.
  document.cookie = `${SCHEDULE_TIP_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`;
}

/** The signed-in user's choice as last mirrored here, for when who is signed in is not known yet. */
export function scheduleTipCookieSaysDismissed(): boolean {
  return document.cookie.split(/;\s*/).includes(`${SCHEDULE_TIP_COOKIE}=${SCHEDULE_TIP_DISMISSED}`);
}
