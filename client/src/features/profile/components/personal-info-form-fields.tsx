import { clinicalGrades, gradeLabel } from "@common/enums";
import { hubForBase } from "@common/hubs";
import type { ProfileInput, ProfileValues } from "@common/profile";
import { Controller, type UseFormReturn } from "react-hook-form";
import { FormField, TextField } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";
import { FieldHint, FieldMessage } from "@/components/ui/field-message";
import { RadioGroup } from "@/components/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { UrgencyChoices, urgencyHint } from "./personal-info-fields";

type FieldsProps = { form: UseFormReturn<ProfileInput, unknown, ProfileValues>; disabled: boolean };

export function NameAndEmailFields({ form, disabled }: FieldsProps) {
  const { errors } = form.formState;
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="profile-firstName"
          label="First name"
          error={errors.firstName?.message}
          autoComplete="given-name"
          disabled={disabled}
          {...form.register("firstName")}
        />
        <TextField
          id="profile-lastName"
          label="Last name"
          error={errors.lastName?.message}
          autoComplete="family-name"
          disabled={disabled}
          {...form.register("lastName")}
        />
      </div>

      <TextField
        id="profile-email"
        label="Email"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        disabled={disabled}
        {...form.register("email")}
      />
    </>
  );
}

/** Asked for only while the email is being changed. */
export function CurrentPasswordField(props: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  return (
    <FormField
      id="profile-currentPassword"
      label="Current password"
      error={props.error}
      describedBy={[!props.error && "profile-currentPassword-hint"]}
      hint={
        !props.error && (
          <FieldHint id="profile-currentPassword-hint">
            To change your email, enter your current password. Your other devices will be signed out.
          </FieldHint>
        )
      }
    >
      {(control) => (
        <PasswordInput
          {...control}
          autoComplete="current-password"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          disabled={props.disabled}
        />
      )}
    </FormField>
  );
}

/** The base, and the hub that follows from it. */
export function BaseAndHubFields({ form, disabled, bases }: FieldsProps & { bases: string[] }) {
  const base = form.watch("paramedicBase");
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField
        id="profile-paramedicBase"
        label="Paramedic base"
        error={form.formState.errors.paramedicBase?.message}
        describedBy={["profile-hub-hint"]}
      >
        {(control) => (
          <Controller
            control={form.control}
            name="paramedicBase"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={disabled}>
                <SelectTrigger {...control} onBlur={field.onBlur}>
                  <SelectValue placeholder="Choose your base" />
                </SelectTrigger>
                <SelectContent>
                  {bases.map((b) => (
                    <SelectItem key={b} value={b}>
                      {b}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        )}
      </FormField>
      <TextField
        id="profile-hub"
        label="Hub"
        value={base ? hubForBase(base) : ""}
        readOnly
        disabled
        describedBy={["profile-hub-hint"]}
        hint={<FieldHint id="profile-hub-hint">Your hub follows from your base.</FieldHint>}
      />
    </div>
  );
}

export function GradeField({ form, disabled }: FieldsProps) {
  return (
    <FormField id="profile-clinicalGrade" label="Clinical grade" error={form.formState.errors.clinicalGrade?.message}>
      {(control) => (
        <Controller
          control={form.control}
          name="clinicalGrade"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange} disabled={disabled}>
              <SelectTrigger {...control} onBlur={field.onBlur}>
                <SelectValue placeholder="Choose your grade" />
              </SelectTrigger>
              <SelectContent>
                {clinicalGrades.map((g) => (
                  <SelectItem key={g} value={g}>
                    {gradeLabel(g)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
    </FormField>
  );
}

/** The swap status radios: a fieldset, as a group of choices is not one labelled control. */
export function SwapStatusField({ form, disabled }: FieldsProps) {
  const error = form.formState.errors.swapUrgency;
  return (
    <fieldset
      className="flex flex-col gap-3"
      aria-describedby={[error ? "profile-swapUrgency-error" : "", "profile-urgency-hint"].filter(Boolean).join(" ")}
    >
      <legend className="mb-1 text-sm font-semibold">Swap status</legend>
      <Controller
        control={form.control}
        name="swapUrgency"
        render={({ field }) => (
          <RadioGroup
            value={field.value ?? ""}
            onValueChange={field.onChange}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
          >
            <UrgencyChoices />
          </RadioGroup>
        )}
      />
      <FieldHint id="profile-urgency-hint">{urgencyHint(form.watch("swapUrgency"))}</FieldHint>
      <FieldMessage id="profile-swapUrgency-error">{error?.message}</FieldMessage>
    </fieldset>
  );
}

export function ExperienceField({ form, disabled }: FieldsProps) {
  return (
    <FormField id="profile-experience" label="Experience (optional)" error={form.formState.errors.experience?.message}>
      {(control) => (
        <Textarea
          {...control}
          disabled={disabled}
          placeholder="For example: years in service, skills, stations worked"
          {...form.register("experience")}
        />
      )}
    </FormField>
  );
}
