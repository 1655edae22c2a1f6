import type { PublicUser } from "@common/auth";
import type { ProfileInput, ProfileValues } from "@common/profile";
import { useState } from "react";
import type { FieldPath, UseFormReturn } from "react-hook-form";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, isApiError } from "@/lib/api";
import { useUpdateProfile } from "../api/update-profile";

const fieldNames = new Set<string>([
  "firstName",
  "lastName",
  "email",
  "paramedicBase",
  "clinicalGrade",
  "swapUrgency",
  "experience",
]);

/**
 * Save Changes on 'Personal Information': PATCH /api/profile, then `onDone`. The current password
 * is asked for only when the email changes (a borrowed session must not move the account), so it
 * lives here beside the form's values, with the server's word on it.
 */
export function useSaveProfile(
  user: PublicUser,
  form: UseFormReturn<ProfileInput, unknown, ProfileValues>,
  onDone: () => void,
) {
  const [currentPassword, setCurrentPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const mutation = useUpdateProfile();

  const onSubmit = form.handleSubmit((values) => {
    // The server says what is missing or wrong (the NHS address first, then the password).
    const moving = values.email !== user.email.toLowerCase();
    setPasswordError(undefined);
    mutation.mutate(
      {
        ...(moving ? { currentPassword } : {}),
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        paramedicBase: values.paramedicBase,
        clinicalGrade: values.clinicalGrade,
        swapUrgency: values.swapUrgency,
        // The hidden actively-seeking toggle follows the urgency (SPEC §4).
        activelySeekingSwaps: values.swapUrgency === "urgent",
        experience: values.experience ? values.experience : null,
      },
      {
        onSuccess: (saved) => {
          onDone();
          toast({
            title: "Profile updated",
            description: saved.pendingEmail
              ? `Your profile information has been saved. To change your email, open the link we sent to ${saved.pendingEmail}.`
              : "Your profile information has been saved",
          });
        },
        onError: (error) => {
          const message = errorMessage(error, "Something went wrong, please try again");
          if (isApiError(error) && error.field === "currentPassword") setPasswordError(message);
          if (isApiError(error) && error.field && fieldNames.has(error.field)) {
            form.setError(error.field as FieldPath<ProfileInput>, { message }, { shouldFocus: true });
          }
          toast({ variant: "destructive", title: "Error updating profile", description: message });
        },
      },
    );
  });

  return { onSubmit, pending: mutation.isPending, currentPassword, setCurrentPassword, passwordError };
}
