import { PASSWORD_HINT, passwordSchema } from "@common/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { z } from "zod";
import { FormField } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";
import { Button, buttonVariants } from "@/components/ui/button";
import { FieldHint, FieldMessage } from "@/components/ui/field-message";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, isApiError } from "@/lib/api";
import { useResetPassword } from "../api/reset-password";

const resetFormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string().min(1, "Confirm password is required"),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
type ResetInput = z.input<typeof resetFormSchema>;

export const INVALID_LINK_MESSAGE = "This reset link is invalid or has expired";

export function InvalidResetLink({ message = INVALID_LINK_MESSAGE }: { message?: string }) {
  return (
    <div role="alert" className="flex flex-col gap-4">
      <FieldMessage className="text-base">{message}</FieldMessage>
      <p className="text-base text-muted-foreground">Reset links work once and expire after 1 hour.</p>
      <div className="flex flex-wrap gap-3">
        <Link href="/forgot-password" className={buttonVariants()}>
          Request a new link
        </Link>
        <Link href="/" className={buttonVariants({ variant: "outline" })}>
          Back to sign in
        </Link>
      </div>
    </div>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const mutation = useResetPassword();
  const [done, setDone] = useState<string | null>(null);
  const [tokenError, setTokenError] = useState<string | null>(null);
  const form = useForm<ResetInput>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const passwordBreaksRule = errors.password?.message === PASSWORD_HINT;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutateAsync({ token, password: values.password }).then(
      (answer) => setDone(answer?.message || "Your password has been changed."),
      (error: unknown) => {
        if (isApiError(error) && error.field === "token") {
          setTokenError(error.serverMessage);
          return;
        }
        if (isApiError(error) && error.field === "password") {
          form.setError("password", { message: error.serverMessage }, { shouldFocus: true });
          return;
        }
        toast({
          variant: "destructive",
          title: "Password reset failed",
          description: errorMessage(error, "Something went wrong. Please try again."),
        });
      },
    ),
  );

  if (tokenError) return <InvalidResetLink message={tokenError} />;

  if (done) return <PasswordChanged message={done} />;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose a new password" className="flex flex-col gap-5">
      <FormField
        id="reset-password"
        label="New password"
        error={passwordBreaksRule ? undefined : errors.password?.message}
        invalid={Boolean(errors.password)}
        hint={
          passwordBreaksRule ? (
            <FieldMessage id="reset-password-hint">{PASSWORD_HINT}</FieldMessage>
          ) : (
            <FieldHint id="reset-password-hint">{PASSWORD_HINT}</FieldHint>
          )
        }
      >
        {(control) => (
          <PasswordInput
            {...control}
            // The rule first, then what is wrong with this password.
            aria-describedby={
              errors.password && !passwordBreaksRule
                ? "reset-password-hint reset-password-error"
                : "reset-password-hint"
            }
            autoComplete="new-password"
            {...form.register("password")}
          />
        )}
      </FormField>
      <FormField id="reset-confirmPassword" label="Confirm new password" error={errors.confirmPassword?.message}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register("confirmPassword")} />}
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? "Saving..." : "Save new password"}
      </Button>
    </form>
  );
}

function PasswordChanged({ message }: { message: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-2 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-[#e5f2eb] text-success">
        <CircleCheck aria-hidden="true" className="size-7" />
      </span>
      <h2 className="text-2xl font-bold tracking-tight">Password changed</h2>
      <p className="text-base text-muted-foreground">{message}</p>
      <Link href="/" className={buttonVariants({ size: "lg", className: "mt-2 w-full" })}>
        Sign in
      </Link>
    </div>
  );
}
