import { PASSWORD_HINT, passwordSchema } from "@common/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { z } from "zod";
import { PasswordInput } from "@/components/password-input";
import { Button, buttonVariants } from "@/components/ui/button";
import { FieldHint, FieldMessage } from "@/components/ui/field-message";
import { Label } from "@/components/ui/label";
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

  if (done) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-2 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-[#e5f2eb] text-success">
          <CircleCheck aria-hidden="true" className="size-7" />
        </span>
        <h2 className="text-2xl font-bold tracking-tight">Password changed</h2>
        <p className="text-base text-muted-foreground">{done}</p>
        <Link href="/" className={buttonVariants({ size: "lg", className: "mt-2 w-full" })}>
          Sign in
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose a new password" className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Label htmlFor="reset-password">New password</Label>
        <PasswordInput
          id="reset-password"
          autoComplete="new-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={
            errors.password && !passwordBreaksRule ? "reset-password-hint reset-password-error" : "reset-password-hint"
          }
          {...form.register("password")}
        />
        {passwordBreaksRule ? (
          <FieldMessage id="reset-password-hint">{PASSWORD_HINT}</FieldMessage>
        ) : (
          <FieldHint id="reset-password-hint">{PASSWORD_HINT}</FieldHint>
        )}
        <FieldMessage id="reset-password-error">
          {passwordBreaksRule ? undefined : errors.password?.message}
        </FieldMessage>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="reset-confirmPassword">Confirm new password</Label>
        <PasswordInput
          id="reset-confirmPassword"
          autoComplete="new-password"
          aria-invalid={errors.confirmPassword ? true : undefined}
          aria-describedby={errors.confirmPassword ? "reset-confirmPassword-error" : undefined}
          {...form.register("confirmPassword")}
        />
        <FieldMessage id="reset-confirmPassword-error">{errors.confirmPassword?.message}</FieldMessage>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? "Saving..." : "Save new password"}
      </Button>
    </form>
  );
}
