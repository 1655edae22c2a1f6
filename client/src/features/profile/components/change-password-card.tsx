import { PASSWORD_HINT } from "@common/auth";
import { type ChangePasswordInput, changePasswordSchema } from "@common/profile";
import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { type FieldPath, useForm } from "react-hook-form";
import { FormField } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldHint } from "@/components/ui/field-message";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, isApiError } from "@/lib/api";
import { useChangePassword } from "../api/change-password";

/** 'Change password': current and new; other devices are signed out and the calendar feed gets a new address. */
export function ChangePasswordCard() {
  const mutation = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => {
        form.reset();
        toast({
          title: "Password changed",
          description: "Your other devices have been signed out and your calendar feed has a new address.",
        });
      },
      onError: (error) => {
        const message = errorMessage(error, "Something went wrong, please try again");
        if (isApiError(error) && (error.field === "currentPassword" || error.field === "newPassword")) {
          form.setError(error.field as FieldPath<ChangePasswordInput>, { message }, { shouldFocus: true });
        }
        toast({ variant: "destructive", title: "Error changing password", description: message });
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>
          Your other devices will be signed out and your calendar feed will get a new address.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Change password" className="flex flex-col gap-4">
          <FormField id="change-currentPassword" label="Current password" error={errors.currentPassword?.message}>
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="current-password"
                disabled={mutation.isPending}
                {...form.register("currentPassword")}
              />
            )}
          </FormField>
          <FormField
            id="change-newPassword"
            label="New password"
            error={errors.newPassword?.message}
            invalid={Boolean(errors.newPassword)}
            describedBy={[!errors.newPassword && "change-newPassword-hint"]}
            hint={!errors.newPassword && <FieldHint id="change-newPassword-hint">{PASSWORD_HINT}</FieldHint>}
          >
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="new-password"
                disabled={mutation.isPending}
                {...form.register("newPassword")}
              />
            )}
          </FormField>
          <Button needsConnection type="submit" className="w-fit" disabled={mutation.isPending}>
            <KeyRound aria-hidden="true" />
            {mutation.isPending ? "Changing..." : "Change password"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
