import { forgotPasswordSchema } from "@common/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { TextField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api";
import { useForgotPassword } from "../api/forgot-password";

type ForgotInput = z.input<typeof forgotPasswordSchema>;
type ForgotOutput = z.output<typeof forgotPasswordSchema>;

/** The forgot-password view: replaces the sign-in tabs; always ends on 'Check your email'. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const mutation = useForgotPassword();
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const form = useForm<ForgotInput, unknown, ForgotOutput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutateAsync(values).then(
      (answer) => {
        setSentTo({ email: values.email, message: answer?.message ?? "" });
        toast({ title: "Password reset email sent" });
      },
      (error: unknown) => {
        toast({
          variant: "destructive",
          title: "Something went wrong",
          description: errorMessage(error, "Something went wrong. Please try again."),
        });
      },
    ),
  );

  return (
    <div className="flex flex-col gap-5">
      <Button variant="ghost" size="sm" className="-ml-2 self-start" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        Back to sign in
      </Button>

      {sentTo ? (
        <div role="status" className="flex flex-col items-center gap-3 py-4 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-[#e5f2eb] text-success">
            <MailCheck aria-hidden="true" className="size-7" />
          </span>
          <h2 className="text-2xl font-bold tracking-tight">Check your email</h2>
          <p className="max-w-sm text-base text-muted-foreground">
            If an account exists for <span className="font-semibold text-foreground">{sentTo.email}</span>, we have sent
            a link to reset your password. The link works once and expires after 1 hour.
          </p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Nothing arrived? Check your junk folder, or try again in a few minutes.
          </p>
          <Button className="mt-2 w-full" size="lg" onClick={onBack}>
            Back to sign in
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Forgot password">
          <p className="text-base text-muted-foreground">
            Enter the email you signed up with and we will send you a link to choose a new password.
          </p>
          <TextField
            id="forgot-email"
            label="Email"
            error={errors.email?.message}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="name@nhs.net"
            {...form.register("email")}
          />
          <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
            {mutation.isPending ? "Sending..." : "Send reset link"}
          </Button>
        </form>
      )}
    </div>
  );
}
