import type { PublicUser } from "@common/auth";
import { clinicalGrades, gradeLabel } from "@common/enums";
import { hubForBase, paramedicBases } from "@common/hubs";
import { type ProfileInput, type ProfileValues, profileSchema } from "@common/profile";
import { zodResolver } from "@hookform/resolvers/zod";
import { Save, X } from "lucide-react";
import { useState } from "react";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import { PasswordInput } from "@/components/password-input";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldHint, FieldMessage } from "@/components/ui/field-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup } from "@/components/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, isApiError } from "@/lib/api";
import { useUpdateProfile } from "../api/update-profile";
import { UrgencyChoices, urgencyHint } from "./personal-info-fields";

const fieldNames = new Set<string>([
  "firstName",
  "lastName",
  "email",
  "paramedicBase",
  "clinicalGrade",
  "swapUrgency",
  "experience",
]);

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
  // Asked for only when the email changes (a borrowed session must not move the account).
  const [currentPassword, setCurrentPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const mutation = useUpdateProfile();
  const form = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: valuesOf(user),
  });
  const { errors } = form.formState;

  const emailChanged = (form.watch("email") ?? "").trim().toLowerCase() !== user.email.toLowerCase();

  const base = form.watch("paramedicBase");
  const bases: string[] = [...paramedicBases];
  if (user.paramedicBase && !bases.includes(user.paramedicBase)) bases.push(user.paramedicBase);

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

  const invalid = (name: keyof ProfileInput) => (errors[name] ? true : undefined);
  const describedBy = (name: keyof ProfileInput, ...extra: string[]) =>
    [errors[name] ? `profile-${name}-error` : "", ...extra].filter(Boolean).join(" ") || undefined;
  const disabled = mutation.isPending;

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Personal Information</CardTitle>
          <CardDescription>Change your details, then save.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={onDone} disabled={mutation.isPending}>
          <X aria-hidden="true" />
          Cancel
        </Button>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Personal Information" className="flex flex-col gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="flex flex-col gap-2">
              <Label htmlFor="profile-firstName">First name</Label>
              <Input
                id="profile-firstName"
                autoComplete="given-name"
                disabled={disabled}
                aria-invalid={invalid("firstName")}
                aria-describedby={describedBy("firstName")}
                {...form.register("firstName")}
              />
              <FieldMessage id="profile-firstName-error">{errors.firstName?.message}</FieldMessage>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="profile-lastName">Last name</Label>
              <Input
                id="profile-lastName"
                autoComplete="family-name"
                disabled={disabled}
                aria-invalid={invalid("lastName")}
                aria-describedby={describedBy("lastName")}
                {...form.register("lastName")}
              />
              <FieldMessage id="profile-lastName-error">{errors.lastName?.message}</FieldMessage>
            </div>
          </div>

          <div className="flex flex-col gap-2">
            <Label htmlFor="profile-email">Email</Label>
            <Input
              id="profile-email"
              type="email"
              autoComplete="email"
              disabled={disabled}
              aria-invalid={invalid("email")}
              aria-describedby={describedBy("email")}
              {...form.register("email")}
            />
            <FieldMessage id="profile-email-error">{errors.email?.message}</FieldMessage>
          </div>

          {emailChanged ? (
            <div className="flex flex-col gap-2">
              <Label htmlFor="profile-currentPassword">Current password</Label>
              <PasswordInput
                id="profile-currentPassword"
                autoComplete="current-password"
                value={currentPassword}
                onChange={(e) => setCurrentPassword(e.target.value)}
                disabled={mutation.isPending}
                aria-invalid={passwordError ? true : undefined}
                aria-describedby={passwordError ? "profile-currentPassword-error" : "profile-currentPassword-hint"}
              />
              {passwordError ? (
                <FieldMessage id="profile-currentPassword-error">{passwordError}</FieldMessage>
              ) : (
                <FieldHint id="profile-currentPassword-hint">
                  To change your email, enter your current password. Your other devices will be signed out.
                </FieldHint>
              )}
            </div>
          ) : null}

          <div className="grid gap-5 sm:grid-cols-2">
            <div className="flex flex-col gap-2">
              <Label htmlFor="profile-paramedicBase">Paramedic base</Label>
              <Controller
                control={form.control}
                name="paramedicBase"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange} disabled={disabled}>
                    <SelectTrigger
                      id="profile-paramedicBase"
                      aria-invalid={invalid("paramedicBase")}
                      aria-describedby={describedBy("paramedicBase", "profile-hub-hint")}
                      onBlur={field.onBlur}
                    >
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
              <FieldMessage id="profile-paramedicBase-error">{errors.paramedicBase?.message}</FieldMessage>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="profile-hub">Hub</Label>
              <Input
                id="profile-hub"
                value={base ? hubForBase(base) : ""}
                readOnly
                disabled
                aria-describedby="profile-hub-hint"
              />
              <FieldHint id="profile-hub-hint">Your hub follows from your base.</FieldHint>
            </div>
          </div>

          <div className="flex flex-col gap-2">
            <Label htmlFor="profile-clinicalGrade">Clinical grade</Label>
            <Controller
              control={form.control}
              name="clinicalGrade"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} disabled={disabled}>
                  <SelectTrigger
                    id="profile-clinicalGrade"
                    aria-invalid={invalid("clinicalGrade")}
                    aria-describedby={describedBy("clinicalGrade")}
                    onBlur={field.onBlur}
                  >
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
            <FieldMessage id="profile-clinicalGrade-error">{errors.clinicalGrade?.message}</FieldMessage>
          </div>

          <fieldset
            className="flex flex-col gap-3"
            aria-describedby={describedBy("swapUrgency", "profile-urgency-hint")}
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
                  aria-invalid={invalid("swapUrgency")}
                >
                  <UrgencyChoices />
                </RadioGroup>
              )}
            />
            <FieldHint id="profile-urgency-hint">{urgencyHint(form.watch("swapUrgency"))}</FieldHint>
            <FieldMessage id="profile-swapUrgency-error">{errors.swapUrgency?.message}</FieldMessage>
          </fieldset>

          <div className="flex flex-col gap-2">
            <Label htmlFor="profile-experience">Experience (optional)</Label>
            <Textarea
              id="profile-experience"
              disabled={disabled}
              placeholder="For example: years in service, skills, stations worked"
              aria-invalid={invalid("experience")}
              aria-describedby={describedBy("experience")}
              {...form.register("experience")}
            />
            <FieldMessage id="profile-experience-error">{errors.experience?.message}</FieldMessage>
          </div>

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button needsConnection type="submit" disabled={mutation.isPending}>
              <Save aria-hidden="true" />
              {mutation.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
