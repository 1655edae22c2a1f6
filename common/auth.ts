import { z } from "zod";
import { clinicalGrades, swapUrgencies } from "./enums";
import { hubs } from "./hubs";

export const PASSWORD_HINT = "Password must be at least 8 characters and include a number and symbol";
export const NHS_EMAIL_MESSAGE = "Please sign up with your NHS email";

export const emailSchema = z.string().trim().toLowerCase().max(254).email("Invalid email address");

export const passwordSchema = z
  .string()
  .min(8, PASSWORD_HINT)
  .max(128, "Password must be at most 128 characters")
  .regex(/[0-9]/, PASSWORD_HINT)
  .regex(/[^A-Za-z0-9]/, PASSWORD_HINT);

export const loginSchema = z.object({
  // No stored address is longer than 254 characters; a longer one is not an account, and would
  // not fit the failed-login counter's key.
  email: z.string().trim().toLowerCase().max(254, "Invalid email address").email("Invalid email address"),
  password: z.string().min(1, "Password is required").max(128, "Password must be at most 128 characters"),
  rememberMe: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

const name = (label: string) => z.string().trim().min(1, `${label} is required`).max(100, `${label} is too long`);

export const registerSchema = z.object({
  username: z.string().trim().min(1, "Username is required").max(254),
  email: emailSchema,
  password: passwordSchema,
  firstName: name("First name"),
  lastName: name("Last name"),
  clinicalGrade: z.enum(clinicalGrades, { message: "Please select a clinical grade" }),
  paramedicBase: z.string().trim().min(1, "Paramedic base is required").max(100),
  hub: z.enum(hubs).optional().nullable(),
  phoneNumber: z.string().trim().max(40).optional().nullable(),
  experience: z.string().trim().max(2000).optional().nullable(),
  activelySeekingSwaps: z.boolean().optional(),
  swapUrgency: z.enum(swapUrgencies).optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The sign-up form: registration plus confirmation, username copied from the email. */
export const signUpFormSchema = registerSchema
  .omit({ username: true })
  .extend({
    confirmPassword: z.string().min(1, "Confirm password is required"),
    paramedicBase: z.string().trim().min(1, "Paramedic base is required"),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

export const forgotPasswordSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, "Please enter a valid email address")
    .email("Please enter a valid email address"),
});

export const resetPasswordSchema = z.object({
  token: z
    .string()
    .min(20, "This reset link is invalid or has expired")
    .max(200, "This reset link is invalid or has expired"),
  password: passwordSchema,
});

export function isAllowedEmail(email: string, domains: readonly string[]): boolean {
  const lower = email.trim().toLowerCase();
  return domains.some((d) => lower.endsWith(`@${d}`) || lower.endsWith(`.${d}`));
}

/** The user as every API answer carries it: never the password hash. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  clinicalGrade: z.enum(clinicalGrades),
  paramedicBase: z.string().nullable(),
  hub: z.enum(hubs).nullable(),
  phoneNumber: z.string().nullable(),
  experience: z.string().nullable(),
  activelySeekingSwaps: z.boolean(),
  swapUrgency: z.enum(swapUrgencies),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** False until the owner opens the link mailed to the address (colleagues do not see them meanwhile). */
  emailVerified: z.boolean(),
  /** A new address waiting for its link to be opened; `email` stays until then. */
  pendingEmail: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** An account action's outcome, worded for the person (forgot and reset password, sign-outs, mails). */
export const noticeSchema = z.object({ message: z.string() });
export type Notice = z.infer<typeof noticeSchema>;

/** POST /api/auth/logout. */
export const signedOutSchema = z.object({ ok: z.literal(true) });
export type SignedOut = z.infer<typeof signedOutSchema>;
