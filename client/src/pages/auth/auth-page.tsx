import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { AuthFrame, type AuthView } from "@/components/auth-frame";
import { PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { LegalLinks } from "@/features/auth/components/legal-links";
import { PreviewCard } from "@/features/auth/components/preview-card";
import { SignInForm } from "@/features/auth/components/sign-in-form";
import { useDocumentTitle } from "@/lib/use-document-title";

const loadSignUpForm = () => import("@/features/auth/components/sign-up-form");
const SignUpForm = lazy(() => loadSignUpForm().then((m) => ({ default: m.SignUpForm })));

/** The landing page (/, /auth, /forgot-password): sign in, sign up, or reset a password. */
export function AuthPage({ initialView = "signin" }: { initialView?: AuthView }) {
  const [location, navigate] = useLocation();
  const [view, setView] = useState<AuthView>(initialView);
  useDocumentTitle(view === "forgot" ? "Forgot password" : "Sign In", view !== "forgot");
  const [waiting, setWaiting] = useState(false);

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
    <AuthFrame view={view} aside={<PreviewCard />}>
      {view === "forgot" ? (
        <ForgotPasswordForm onBack={backToSignIn} />
      ) : (
        <Tabs value={view} onValueChange={(v) => setView(v as AuthView)}>
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
    </AuthFrame>
  );
}
