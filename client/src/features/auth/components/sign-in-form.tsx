import { loginSchema } from "@common/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { useLocation } from "wouter";
import type { z } from "zod";
import { FormField, TextField } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, isApiError } from "@/lib/api";
import { returnPath } from "@/lib/return-to";
import { useLogin } from "../api/login";

type SignInInput = z.input<typeof loginSchema>;
type SignInOutput = z.output<typeof loginSchema>;

export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const [, navigate] = useLocation();
  const login = useLogin();
  const form = useForm<SignInInput, unknown, SignInOutput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "", rememberMe: false },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    login.mutateAsync(values).then(
      () => {
        toast({ title: "Logged in successfully", description: "Welcome back to CrewSwap!" });
        navigate(returnPath(), { replace: true });
      },
      (error: unknown) => {
        if (isApiError(error) && error.status === 400 && (error.field === "email" || error.field === "password")) {
          form.setError(error.field, { message: error.serverMessage });
        }
        toast({
          variant: "destructive",
          title: "Login failed",
          description: errorMessage(error, "Please check your credentials and try again."),
        });
      },
    ),
  );

  const busy = login.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Sign in">
      <TextField
        id="signin-email"
        label="Email"
        error={errors.email?.message}
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="name@nhs.net"
        {...form.register("email")}
      />

      <FormField id="signin-password" label="Password" error={errors.password?.message}>
        {(control) => <PasswordInput {...control} autoComplete="current-password" {...form.register("password")} />}
      </FormField>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2.5">
          <Controller
            control={form.control}
            name="rememberMe"
            render={({ field }) => (
              <Checkbox
                id="signin-remember"
                ref={field.ref}
                name={field.name}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
              />
            )}
          />
          <Label htmlFor="signin-remember" className="text-base font-normal">
            Remember me
          </Label>
        </div>
        <Button variant="link" size="inline" className="text-base font-semibold" onClick={onForgotPassword}>
          Forgot your password
        </Button>
      </div>

      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? "Signing in..." : "Sign in"}
      </Button>
    </form>
  );
}
