import type { PublicUser } from "../../common/auth";
import type { UserRow } from "../db/schema";

export function toPublicUser(u: UserRow): PublicUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    clinicalGrade: u.clinicalGrade,
    paramedicBase: u.paramedicBase,
    hub: u.hub,
    phoneNumber: u.phoneNumber,
    experience: u.experience,
    activelySeekingSwaps: u.activelySeekingSwaps,
    swapUrgency: u.swapUrgency,
    createdAt: u.createdAt.toISOString(),
    lastLoginAt: u.lastLoginAt ? u.lastLoginAt.toISOString() : null,
    emailVerified: u.emailVerifiedAt !== null,
    pendingEmail: u.pendingEmail,
  };
}
