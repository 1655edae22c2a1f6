import { isAllowedEmail, PASSWORD_HINT, signUpFormSchema } from "@common/auth";
import { clinicalGrades, gradeLabel } from "@common/enums";
import { hubForBase, paramedicBases } from "@common/hubs";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import { useLocation } from "wouter";
import type { z } from "zod";
import { PasswordInput } from "@/components/password-input";
import { Button } from "@/components/ui/button";
import { FieldHint, FieldMessage } from "@/components/ui/field-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, isApiError } from "@/lib/api";
import { useMeta } from "@/lib/meta";
import { userQueryKey } from "@/lib/user";
import { delay } from "@/lib/utils";
import { useRegister } from "../api/register";
import { SignUpWaiting } from "./sign-up-waiting";

type SignUpInput = z.input<typeof signUpFormSchema>;
type SignUpOutput = z.output<typeof signUpFormSchema>;

/** How long the "Thanks for signing up" screen stays up (SPEC §9), and at least, on failure. */
export const SIGNUP_WAIT_MS = 3000;

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

export function SignUpForm({ onWaitingChange }: { onWaitingChange?: (waiting: boolean) => void }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const registerMutation = useRegister();
  const meta = useMeta();
  const [waiting, setWaitingState] = useState(false);
  const setWaiting = (value: boolean) => {
    setWaitingState(value);
    onWaitingChange?.(value);
  };

  const form = useForm<SignUpInput, unknown, SignUpOutput>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: {
      firstName: "",
      lastName: "",
      email: "",
      password: "",
      confirmPassword: "",
      clinicalGrade: "paramedic",
      paramedicBase: "",
    },
  });
  const { errors } = form.formState;
  const email = form.watch("email") ?? "";
  const base = form.watch("paramedicBase") ?? "";
  const domains = meta.data?.allowedEmailDomains ?? [];
  const showNhsWarning = domains.length > 0 && email.includes("@") && !isAllowedEmail(email, domains);

  const passwordBreaksRule = errors.password?.message === PASSWORD_HINT;

  // The waiting screen is for an account that exists: a failure stays on the form, never flashing it.
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

  const describe = (id: string, ...extra: Array<string | false | undefined>) =>
    [errors[id as keyof typeof errors] ? `signup-${id}-error` : undefined, ...extra].filter(Boolean).join(" ") ||
    undefined;

  return (
    <>
      {waiting && <SignUpWaiting />}
      <form onSubmit={onSubmit} noValidate aria-label="Sign up" className={waiting ? "hidden" : "flex flex-col gap-5"}>
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor="signup-firstName">First name</Label>
            <Input
              id="signup-firstName"
              autoComplete="given-name"
              aria-invalid={errors.firstName ? true : undefined}
              aria-describedby={describe("firstName")}
              {...form.register("firstName")}
            />
            <FieldMessage id="signup-firstName-error">{errors.firstName?.message}</FieldMessage>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="signup-lastName">Last name</Label>
            <Input
              id="signup-lastName"
              autoComplete="family-name"
              aria-invalid={errors.lastName ? true : undefined}
              aria-describedby={describe("lastName")}
              {...form.register("lastName")}
            />
            <FieldMessage id="signup-lastName-error">{errors.lastName?.message}</FieldMessage>
          </div>
        </div>

        <div className="flex flex-col gap-2">
          <Label htmlFor="signup-email">Work email</Label>
          <Input
            id="signup-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="name@nhs.net"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describe("email", showNhsWarning && "signup-email-warning")}
            {...form.register("email")}
          />
          <FieldMessage id="signup-email-error">{errors.email?.message}</FieldMessage>
          {showNhsWarning && (
            <FieldMessage id="signup-email-warning" data-testid="nhs-email-warning">
              Please sign up with your NHS email (no emails will be sent there)
            </FieldMessage>
          )}
        </div>

        <div className="flex flex-col gap-2">
          <Label htmlFor="signup-password">Password</Label>
          <PasswordInput
            id="signup-password"
            autoComplete="new-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={
              passwordBreaksRule ? "signup-password-hint" : describe("password", "signup-password-hint")
            }
            {...form.register("password")}
          />
          {passwordBreaksRule ? (
            <FieldMessage id="signup-password-hint">{PASSWORD_HINT}</FieldMessage>
          ) : (
            <FieldHint id="signup-password-hint">{PASSWORD_HINT}</FieldHint>
          )}
          <FieldMessage id="signup-password-error">
            {passwordBreaksRule ? undefined : errors.password?.message}
          </FieldMessage>
        </div>

        <div className="flex flex-col gap-2">
          <Label htmlFor="signup-confirmPassword">Confirm password</Label>
          <PasswordInput
            id="signup-confirmPassword"
            autoComplete="new-password"
            aria-invalid={errors.confirmPassword ? true : undefined}
            aria-describedby={describe("confirmPassword")}
            {...form.register("confirmPassword")}
          />
          <FieldMessage id="signup-confirmPassword-error">{errors.confirmPassword?.message}</FieldMessage>
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor="signup-clinicalGrade">Clinical grade</Label>
            <Controller
              control={form.control}
              name="clinicalGrade"
              render={({ field }) => (
                <Select name={field.name} value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger
                    id="signup-clinicalGrade"
                    ref={field.ref}
                    onBlur={field.onBlur}
                    aria-invalid={errors.clinicalGrade ? true : undefined}
                    aria-describedby={describe("clinicalGrade")}
                  >
                    <SelectValue placeholder="Select your grade" />
                  </SelectTrigger>
                  <SelectContent>
                    {clinicalGrades.map((grade) => (
                      <SelectItem key={grade} value={grade}>
                        {gradeLabel(grade)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            <FieldMessage id="signup-clinicalGrade-error">{errors.clinicalGrade?.message}</FieldMessage>
          </div>

          <div className="flex flex-col gap-2">
            <Label htmlFor="signup-paramedicBase">Paramedic base</Label>
            <Controller
              control={form.control}
              name="paramedicBase"
              render={({ field }) => (
                <Select name={field.name} value={field.value ?? ""} onValueChange={field.onChange}>
                  <SelectTrigger
                    id="signup-paramedicBase"
                    ref={field.ref}
                    onBlur={field.onBlur}
                    aria-invalid={errors.paramedicBase ? true : undefined}
                    aria-describedby={describe("paramedicBase", "signup-hub")}
                  >
                    <SelectValue placeholder="Select your base" />
                  </SelectTrigger>
                  <SelectContent>
                    {paramedicBases.map((name) => (
                      <SelectItem key={name} value={name}>
                        {name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            <FieldMessage id="signup-paramedicBase-error">{errors.paramedicBase?.message}</FieldMessage>
          </div>
        </div>

        <p
          id="signup-hub"
          data-testid="signup-hub"
          aria-live="polite"
          className="rounded-md bg-primary-soft px-3 py-2 text-sm text-primary-dark"
        >
          {base ? (
            <>
              <span className="font-semibold">Hub: {hubForBase(base)}</span>
              <span className="block text-[#2a4d78]">Your hub is set from your base.</span>
            </>
          ) : (
            "Your hub is set from your base once you choose it."
          )}
        </p>

        <Button type="submit" size="lg" className="w-full" disabled={waiting || registerMutation.isPending}>
          {registerMutation.isPending ? "Signing up..." : "Sign up"}
        </Button>
      </form>
    </>
  );
}
