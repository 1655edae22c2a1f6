import type { PublicUser } from "./auth";
import { londonDate } from "./dates";

/**
 * A brand-new user: signed up today and not signed in since (sign-up records its moment as both
 * `createdAt` and `lastLoginAt`). The dashboard greets them 'Welcome', everyone else 'Welcome back'.
 * Kept out of ./auth, whose zod schemas would otherwise come with it into the dashboard's first download.
 */
export function isFirstVisit(user: Pick<PublicUser, "createdAt" | "lastLoginAt">, today: string): boolean {
  return user.lastLoginAt === user.createdAt && londonDate(new Date(user.createdAt)) === today;
}
