import { isAllowedEmail, PASSWORD_HINT } from "@common/auth";
import { clinicalGrades, gradeLabel } from "@common/enums";
import { hubForBase, paramedicBases } from "@common/hubs";
import { Controller } from "react-hook-form";
import { FormField, TextField } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";
import { FieldHint, FieldMessage } from "@/components/ui/field-message";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useMeta } from "@/lib/meta";
import type { SignUpFormApi } from "../sign-up-types";

type FormProps = { form: SignUpFormApi };

export function NameFields({ form }: FormProps) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        id="signup-firstName"
        label="First name"
        error={errors.firstName?.message}
        autoComplete="given-name"
        {...form.register("firstName")}
      />
      <TextField
        id="signup-lastName"
        label="Last name"
        error={errors.lastName?.message}
        autoComplete="family-name"
        {...form.register("lastName")}
      />
    </div>
  );
}

/** The work email, with a warning while it is not at an address the service accepts. */
export function EmailField({ form }: FormProps) {
  const meta = useMeta();
  const email = form.watch("email") ?? "";
  const domains = meta.data?.allowedEmailDomains ?? [];
  const showNhsWarning = domains.length > 0 && email.includes("@") && !isAllowedEmail(email, domains);
  return (
    <TextField
      id="signup-email"
      label="Work email"
      error={form.formState.errors.email?.message}
      describedBy={[showNhsWarning && "signup-email-warning"]}
      footer={
        showNhsWarning && (
          <FieldMessage id="signup-email-warning" data-testid="nhs-email-warning">
            Please sign up with your NHS email (no emails will be sent there)
          </FieldMessage>
        )
      }
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="name@nhs.net"
      {...form.register("email")}
    />
  );
}

/** Password and its confirmation; a password breaking the rule turns the rule's hint into the message. */
export function PasswordFields({ form }: FormProps) {
  const { errors } = form.formState;
  const passwordBreaksRule = errors.password?.message === PASSWORD_HINT;
  return (
    <>
      <FormField
        id="signup-password"
        label="Password"
        error={passwordBreaksRule ? undefined : errors.password?.message}
        invalid={Boolean(errors.password)}
        describedBy={["signup-password-hint"]}
        hint={
          passwordBreaksRule ? (
            <FieldMessage id="signup-password-hint">{PASSWORD_HINT}</FieldMessage>
          ) : (
            <FieldHint id="signup-password-hint">{PASSWORD_HINT}</FieldHint>
          )
        }
      >
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register("password")} />}
      </FormField>

      <FormField id="signup-confirmPassword" label="Confirm password" error={errors.confirmPassword?.message}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register("confirmPassword")} />}
      </FormField>
    </>
  );
}

export function GradeAndBaseFields({ form }: FormProps) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField id="signup-clinicalGrade" label="Clinical grade" error={errors.clinicalGrade?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="clinicalGrade"
            render={({ field }) => (
              <Select name={field.name} value={field.value} onValueChange={field.onChange}>
                <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur}>
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
        )}
      </FormField>

      <FormField
        id="signup-paramedicBase"
        label="Paramedic base"
        error={errors.paramedicBase?.message}
        describedBy={["signup-hub"]}
      >
        {(control) => (
          <Controller
            control={form.control}
            name="paramedicBase"
            render={({ field }) => (
              <Select name={field.name} value={field.value ?? ""} onValueChange={field.onChange}>
                <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur}>
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
        )}
      </FormField>
    </div>
  );
}

/** Which hub the chosen base belongs to; the base's select is described by it. */
export function HubNotice({ form }: FormProps) {
  const base = form.watch("paramedicBase") ?? "";
  return (
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
  );
}
