import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { BetaBanner } from "@/components/beta-banner";
import { BrandMark, BrandName } from "@/components/brand";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { LegalLinks } from "@/features/auth/components/legal-links";
import { PreviewCard } from "@/features/auth/components/preview-card";
import { SignInForm } from "@/features/auth/components/sign-in-form";
import { useDocumentTitle } from "@/lib/use-document-title";

const loadSignUpForm = () => import("@/features/auth/components/sign-up-form");
const SignUpForm = lazy(() => loadSignUpForm().then((m) => ({ default: m.SignUpForm })));

type View = "signin" | "signup" | "forgot";

const headings: Record<View, { title: string; description: string }> = {
  signin: { title: "Sign In", description: "Welcome back. Sign in to manage your shifts and swaps." },
  signup: { title: "Sign Up", description: "Create your account with your NHS work email." },
  forgot: { title: "Forgot your password?", description: "We will email you a link to reset it." },
};

/** The landing page (/, /auth, /forgot-password): sign in, sign up, or reset a password. */
export function AuthPage({ initialView = "signin" }: { initialView?: View }) {
  const [location, navigate] = useLocation();
  const [view, setView] = useState<View>(initialView);
  useDocumentTitle(view === "forgot" ? "Forgot password" : "Sign In", view !== "forgot");
  const [waiting, setWaiting] = useState(false);
  const heading = headings[view];

  // The sign-up form is kept out of the first download; fetch it once the page is idle.
  useEffect(() => {
    const timer = setTimeout(() => void loadSignUpForm(), 1500);
    return () => clearTimeout(timer);
  }, []);

  const backToSignIn = () => {
    setView("signin");
    if (location === "/forgot-password") navigate("/", { replace: true });
  };

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
            <CardContent className="flex flex-col gap-6">
              {view === "forgot" ? (
                <ForgotPasswordForm onBack={backToSignIn} />
              ) : (
                <Tabs value={view} onValueChange={(v) => setView(v as View)}>
                  {!waiting && (
                    <TabsList className="grid w-full grid-cols-2">
                      <TabsTrigger value="signin">Sign In</TabsTrigger>
                      <TabsTrigger value="signup">Sign Up</TabsTrigger>
                    </TabsList>
                  )}
                  <TabsContent value="signin" className="mt-6">
                    <SignInForm onForgotPassword={() => setView("forgot")} />
                  </TabsContent>
                  <TabsContent value="signup" className="mt-6">
                    <Suspense fallback={<PageSpinner label="Loading the sign-up form" />}>
                      <SignUpForm onWaitingChange={setWaiting} />
                    </Suspense>
                  </TabsContent>
                </Tabs>
              )}
              {!waiting && <LegalLinks />}
            </CardContent>
          </Card>
          <PreviewCard />
        </main>
      </div>
    </div>
  );
}
