import type { PublicUser } from "@common/auth";
import { paramedicBases } from "@common/hubs";
import { type ProfileInput, type ProfileValues, profileSchema } from "@common/profile";
import { zodResolver } from "@hookform/resolvers/zod";
import { Save, X } from "lucide-react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useSaveProfile } from "../hooks/use-save-profile";
import {
  BaseAndHubFields,
  CurrentPasswordField,
  ExperienceField,
  GradeField,
  NameAndEmailFields,
  SwapStatusField,
} from "./personal-info-form-fields";

const valuesOf = (user: PublicUser): ProfileInput => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  paramedicBase: user.paramedicBase ?? "",
  clinicalGrade: user.clinicalGrade,
  // An existing not_available stays as it is until the user picks one of the two options.
  swapUrgency: user.swapUrgency,
  activelySeekingSwaps: user.activelySeekingSwaps,
  experience: user.experience ?? "",
});

/**
 * 'Personal Information' being edited (SPEC §2, §5): Save Changes sends PATCH /api/profile; Cancel
 * or a save ends editing (`onDone`). It mounts only on Edit, so the form library and the selects
 * cost nothing while the screen opens.
 */
export function PersonalInfoForm({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const form = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: valuesOf(user),
  });
  const save = useSaveProfile(user, form, onDone);
  const emailChanged = (form.watch("email") ?? "").trim().toLowerCase() !== user.email.toLowerCase();
  const bases: string[] = [...paramedicBases];
  if (user.paramedicBase && !bases.includes(user.paramedicBase)) bases.push(user.paramedicBase);
  const fields = { form, disabled: save.pending };

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Personal Information</CardTitle>
          <CardDescription>Change your details, then save.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={onDone} disabled={save.pending}>
          <X aria-hidden="true" />
          Cancel
        </Button>
      </CardHeader>
      <CardContent>
        <form onSubmit={save.onSubmit} noValidate aria-label="Personal Information" className="flex flex-col gap-5">
          <NameAndEmailFields {...fields} />
          {emailChanged ? (
            <CurrentPasswordField
              value={save.currentPassword}
              onChange={save.setCurrentPassword}
              error={save.passwordError}
              disabled={save.pending}
            />
          ) : null}
          <BaseAndHubFields {...fields} bases={bases} />
          <GradeField {...fields} />
          <SwapStatusField {...fields} />
          <ExperienceField {...fields} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button needsConnection type="submit" disabled={save.pending}>
              <Save aria-hidden="true" />
              {save.pending ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
