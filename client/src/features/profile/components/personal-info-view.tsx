import type { PublicUser } from "@common/auth";
import { gradeLabel } from "@common/enums";
import { hubForBase } from "@common/hubs";
import { ChevronDown, Pencil } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldHint } from "@/components/ui/field-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
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
            <div className="flex flex-col gap-2">
              <Label htmlFor="profile-paramedicBase">Paramedic base</Label>
              <ShownChoice
                id="profile-paramedicBase"
                value={user.paramedicBase}
                placeholder="Choose your base"
                describedBy="profile-hub-hint"
              />
            </div>
            <div className="flex flex-col gap-2">
              <ShownField
                id="profile-hub"
                label="Hub"
                value={user.paramedicBase ? hubForBase(user.paramedicBase) : ""}
                describedBy="profile-hub-hint"
              />
              <FieldHint id="profile-hub-hint">Your hub follows from your base.</FieldHint>
            </div>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="profile-clinicalGrade">Clinical grade</Label>
            <ShownChoice
              id="profile-clinicalGrade"
              value={user.clinicalGrade ? gradeLabel(user.clinicalGrade) : null}
              placeholder="Choose your grade"
            />
          </div>
          <fieldset className="flex flex-col gap-3" aria-describedby="profile-urgency-hint">
            <legend className="mb-1 text-sm font-semibold">Swap status</legend>
            <RadioGroup value={user.swapUrgency ?? ""} disabled>
              <UrgencyChoices />
            </RadioGroup>
            <FieldHint id="profile-urgency-hint">{urgencyHint(user.swapUrgency)}</FieldHint>
          </fieldset>
          <div className="flex flex-col gap-2">
            <Label htmlFor="profile-experience">Experience (optional)</Label>
            <Textarea
              id="profile-experience"
              disabled
              readOnly
              placeholder="For example: years in service, skills, stations worked"
              value={user.experience ?? ""}
            />
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function ShownField(props: { id: string; label: string; value: string; type?: string; describedBy?: string }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        type={props.type}
        value={props.value}
        readOnly
        disabled
        aria-describedby={props.describedBy}
      />
    </div>
  );
}

/** A select's closed, disabled trigger showing its value, as the form's select draws it. */
function ShownChoice(props: { id: string; value: string | null; placeholder: string; describedBy?: string }) {
  return (
    <button
      type="button"
      id={props.id}
      role="combobox"
      aria-expanded="false"
      aria-describedby={props.describedBy}
      disabled
      data-placeholder={props.value ? undefined : ""}
      className={selectTriggerClassName}
    >
      <span>{props.value ?? props.placeholder}</span>
      <ChevronDown aria-hidden="true" className="size-4 opacity-70" />
    </button>
  );
}
