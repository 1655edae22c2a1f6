import type { ReactNode } from "react";
import { BetaBanner } from "@/components/beta-banner";
import { BrandMark, BrandName } from "@/components/brand";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";

export type AuthView = "signin" | "signup" | "forgot";

const AUTH_HEADINGS: Record<AuthView, { title: string; description: string }> = {
  signin: { title: "Sign In", description: "Welcome back. Sign in to manage your shifts and swaps." },
  signup: { title: "Sign Up", description: "Create your account with your NHS work email." },
  forgot: { title: "Forgot your password?", description: "We will email you a link to reset it." },
};

/**
 * The landing page's frame: beta notice, brand, and the card with its heading. Drawn while the
 * session check and the page's code load (and sent in the page itself, first-paint-markup.tsx), so the
 * heading is on screen before the scripts have arrived.
 */
export function AuthFrame({ view, aside, children }: { view: AuthView; aside?: ReactNode; children: ReactNode }) {
  const heading = AUTH_HEADINGS[view];
  return (
    <div className="min-h-dvh">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-4 sm:py-6 lg:px-6">
        <BetaBanner />
        <header className="flex items-center gap-2.5 text-primary">
          <BrandMark className="size-9" />
          <BrandName className="text-2xl text-primary-dark" />
          <span className="sr-only">: shift swaps for ambulance clinicians</span>
        </header>
        <main className="grid items-start gap-8 md:grid-cols-2 lg:gap-12">
          <Card className="w-full">
            <CardHeader className="pb-2">
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{heading.title}</h1>
              <CardDescription>{heading.description}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-6">{children}</CardContent>
          </Card>
          {aside}
        </main>
      </div>
    </div>
  );
}
