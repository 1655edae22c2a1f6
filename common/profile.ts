import { z } from "zod";
import { passwordSchema } from "./auth";
import { clinicalGrades, type SwapUrgency, swapUrgencies } from "./enums";

const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is too long`);

const fields = {
  firstName: required("First name"),
  lastName: required("Last name"),
  email: z
    .string({ error: "Invalid email address" })
    .trim()
    .toLowerCase()
    .max(254, "Email is too long")
    .email("Invalid email address"),
  paramedicBase: required("Paramedic base"),
  clinicalGrade: z.enum(clinicalGrades, { error: "Please select a clinical grade" }),
  swapUrgency: z.enum(swapUrgencies, { error: "Please select swap urgency level" }),
  activelySeekingSwaps: z.boolean({ error: "Actively seeking swaps must be true or false" }),
  experience: z
    .string({ error: "Experience must be text" })
    .trim()
    .max(2000, "Experience must be at most 2000 characters")
    .optional()
    .nullable(),
};

/** The 'Personal Information' form (SPEC §5 'Profile form'); the client form and PATCH /api/profile share it. */
export const profileSchema = z.object({
  ...fields,
  swapUrgency: fields.swapUrgency.default("none"),
  activelySeekingSwaps: fields.activelySeekingSwaps.default(false),
});
export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileValues = z.output<typeof profileSchema>;

export const CURRENT_PASSWORD_REQUIRED = "Please enter your current password to change your email";
export const CURRENT_PASSWORD_WRONG = "Your current password is not correct";
export const DELETE_PASSWORD_REQUIRED = "Please enter your password to delete your account";
export const DELETE_PASSWORD_WRONG = "Your password is not correct";

const currentPassword = z.string().max(128, "Password must be at most 128 characters");

/**
 * PATCH /api/profile: any subset of the form (no defaults); what is left out stays as it is.
 * A new email also needs the current password, so a borrowed session cannot take the account.
 */
export const profileUpdateSchema = z.object({ ...fields, currentPassword }).partial();
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** DELETE /api/profile: the password, so a borrowed session cannot delete the account. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: DELETE_PASSWORD_REQUIRED }).min(1, DELETE_PASSWORD_REQUIRED).max(128),
});

/** POST /api/auth/change-password, and the 'Change password' form on /profile. */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required").max(128),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** GET /api/auth/sessions: where the user is signed in. */
export const sessionInfoSchema = z.object({
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** The radio choices of the form; an existing not_available is kept but not offered. */
export const swapUrgencyOptions = [
  {
    value: "urgent",
    label: "Urgent - Actively Seeking Swaps",
    description: "highest priority, displayed to all users as actively seeking swaps",
  },
  { value: "none", label: "Not Available for Swaps" },
] as const satisfies readonly { value: SwapUrgency; label: string; description?: string }[];

/**
 * The hidden actively-seeking toggle (SPEC §4): on means urgent, off means none. The urgency the
 * user picked wins; a toggle sent alone sets the urgency.
 */
export function reconcileSwapStatus(input: { swapUrgency?: SwapUrgency; activelySeekingSwaps?: boolean }): {
  swapUrgency?: SwapUrgency;
  activelySeekingSwaps?: boolean;
} {
  if (input.swapUrgency !== undefined) {
    return { swapUrgency: input.swapUrgency, activelySeekingSwaps: input.swapUrgency === "urgent" };
  }
  if (input.activelySeekingSwaps !== undefined) {
    return {
      swapUrgency: input.activelySeekingSwaps ? "urgent" : "none",
      activelySeekingSwaps: input.activelySeekingSwaps,
    };
  }
  return {};
}
