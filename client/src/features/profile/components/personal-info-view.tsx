import type { PublicUser } from "@common/auth";
import { gradeLabel } from "@common/enums";
import { hubForBase } from "@common/hubs";
import { ChevronDown, Pencil } from "lucide-react";
import type { ComponentProps } from "react";
import { type FieldControlProps, FormField, TextField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldHint } from "@/components/ui/field-message";
import { RadioGroup } from "@/components/ui/radio-group";
import { selectTriggerClassName } from "@/components/ui/select-trigger-style";
import { Textarea } from "@/components/ui/textarea";
import { UrgencyChoices, urgencyHint } from "./personal-info-fields";

/**
 * 'Personal Information' until Edit (SPEC §2, §5): the form's own fields, disabled and filled in,
 * drawn without the form library or the selects' popups, so nothing moves when editing starts.
 */
export function PersonalInfoView({ user, onEdit }: { user: PublicUser; onEdit: () => void }) {
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Personal Information</CardTitle>
          <CardDescription>Press Edit to change your details.</CardDescription>
        </div>
        <Button needsConnection variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      </CardHeader>
      <CardContent>
        <form aria-label="Personal Information" className="flex flex-col gap-5" onSubmit={(e) => e.preventDefault()}>
          <div className="grid gap-5 sm:grid-cols-2">
            <ShownField id="profile-firstName" label="First name" value={user.firstName} />
            <ShownField id="profile-lastName" label="Last name" value={user.lastName} />
          </div>
          <ShownField id="profile-email" label="Email" type="email" value={user.email} />
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="profile-paramedicBase" label="Paramedic base" describedBy={["profile-hub-hint"]}>
              {(control) => <ShownChoice {...control} value={user.paramedicBase} placeholder="Choose your base" />}
            </FormField>
            <ShownField
              id="profile-hub"
              label="Hub"
              value={user.paramedicBase ? hubForBase(user.paramedicBase) : ""}
              describedBy={["profile-hub-hint"]}
              hint={<FieldHint id="profile-hub-hint">Your hub follows from your base.</FieldHint>}
            />
          </div>
          <FormField id="profile-clinicalGrade" label="Clinical grade">
            {(control) => (
              <ShownChoice
                {...control}
                value={user.clinicalGrade ? gradeLabel(user.clinicalGrade) : null}
                placeholder="Choose your grade"
              />
            )}
          </FormField>
          <fieldset className="flex flex-col gap-3" aria-describedby="profile-urgency-hint">
            <legend className="mb-1 text-sm font-semibold">Swap status</legend>
            <RadioGroup value={user.swapUrgency ?? ""} disabled>
              <UrgencyChoices />
            </RadioGroup>
            <FieldHint id="profile-urgency-hint">{urgencyHint(user.swapUrgency)}</FieldHint>
          </fieldset>
          <FormField id="profile-experience" label="Experience (optional)">
            {(control) => (
              <Textarea
                {...control}
                disabled
                readOnly
                placeholder="For example: years in service, skills, stations worked"
                value={user.experience ?? ""}
              />
            )}
          </FormField>
        </form>
      </CardContent>
    </Card>
  );
}

/** The form's text field, disabled and showing the value. */
function ShownField(props: Omit<ComponentProps<typeof TextField>, "readOnly" | "disabled">) {
  return <TextField {...props} readOnly disabled />;
}

/** A select's closed, disabled trigger showing its value, as the form's select draws it. */
function ShownChoice({
  value,
  placeholder,
  ...control
}: FieldControlProps & { value: string | null; placeholder: string }) {
  return (
    <button
      type="button"
      {...control}
      role="combobox"
      aria-expanded="false"
      disabled
      data-placeholder={value ? undefined : ""}
      className={selectTriggerClassName}
    >
      <span>{value ?? placeholder}</span>
      <ChevronDown aria-hidden="true" className="size-4 opacity-70" />
    </button>
  );
}
