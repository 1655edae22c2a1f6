import { useSearch } from "wouter";
import { BrandMark, BrandName } from "@/components/brand";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { InvalidResetLink, ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { useDocumentTitle } from "@/lib/use-document-title";

export function ResetPasswordPage() {
  useDocumentTitle("Reset password");
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const plausible = token.length >= 20 && token.length <= 200;
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-lg flex-col gap-6 px-4 py-6">
      <header className="flex items-center gap-2.5 text-primary">
        <BrandMark className="size-9" />
        <BrandName className="text-2xl text-primary-dark" />
      </header>
      <main>
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-bold tracking-tight">Choose a new password</h1>
            <CardDescription>Enter a new password for your CrewSwap account.</CardDescription>
          </CardHeader>
          <CardContent>{plausible ? <ResetPasswordForm token={token} /> : <InvalidResetLink />}</CardContent>
        </Card>
      </main>
    </div>
  );
}
