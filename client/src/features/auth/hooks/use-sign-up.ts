import { hubForBase } from "@common/hubs";
import { useQueryClient } from "@tanstack/react-query";
import type { FieldPath, UseFormReturn } from "react-hook-form";
import { useLocation } from "wouter";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, isApiError } from "@/lib/api";
import { userQueryKey } from "@/lib/user";
import { delay } from "@/lib/utils";
import { useRegister } from "../api/register";
import type { SignUpInput, SignUpOutput } from "../sign-up-types";

/** How long the "Thanks for signing up" screen stays up (SPEC §9), and at least, on failure. */
const SIGNUP_WAIT_MS = 3000;

const formFields = new Set<string>([
  "firstName",
  "lastName",
  "email",
  "password",
  "confirmPassword",
  "clinicalGrade",
  "paramedicBase",
]);

/** Server field names that belong to a different input of this form. */
const fieldAliases: Record<string, FieldPath<SignUpInput>> = { username: "email", hub: "paramedicBase" };

/**
 * Registers the account from the form's values. The waiting screen is for an account that exists:
 * `setWaiting(true)` comes only once the server has said yes, so a failure stays on the form.
 */
export function useSignUp(
  form: UseFormReturn<SignUpInput, unknown, SignUpOutput>,
  setWaiting: (waiting: boolean) => void,
) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const registerMutation = useRegister();

  const onSubmit = form.handleSubmit(async (values) => {
    const started = Date.now();
    try {
      const user = await registerMutation.mutateAsync({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        username: values.email,
        password: values.password,
        clinicalGrade: values.clinicalGrade,
        paramedicBase: values.paramedicBase,
        hub: hubForBase(values.paramedicBase),
        activelySeekingSwaps: false,
        swapUrgency: "none",
      });
      setWaiting(true);
      await delay(Math.max(0, SIGNUP_WAIT_MS - (Date.now() - started)));
      queryClient.setQueryData(userQueryKey, user);
      toast({ title: "Registration successful", description: "Welcome to CrewSwap!" });
      navigate("/dashboard", { replace: true });
    } catch (error) {
      const message = errorMessage(error, "Please check your information and try again.");
      if (isApiError(error) && error.field) {
        const field = fieldAliases[error.field] ?? error.field;
        if (formFields.has(field)) {
          // Let the form render again before focusing the field.
          setTimeout(() => form.setError(field as FieldPath<SignUpInput>, { message }, { shouldFocus: true }), 0);
        }
      }
      toast({ variant: "destructive", title: "Registration failed", description: message });
    }
  });

  return { onSubmit, pending: registerMutation.isPending };
}
