import type { ReactNode } from "react";
import { AuthFrame, type AuthView } from "@/components/auth-frame";
import { PageSpinner, Spinner } from "@/components/ui/spinner";
import { ShellFrame } from "./shell-frame";

/**
 * What a screen shows until the session check and its code have arrived: its frame, the screen's
 * head where it has a still one (`head`), and a spinner. The server sends the same markup in the
 * page (first-paint-markup.tsx), so the first paint needs no script.
 */
export function SignedInPending({ label = "Checking your session", head }: { label?: string; head?: ReactNode }) {
  return (
    <ShellFrame>
      {head}
      <PageSpinner label={label} />
    </ShellFrame>
  );
}

export function AuthPending({ view, label = "Checking your session" }: { view: AuthView; label?: string }) {
  return (
    <AuthFrame view={view}>
      <div className="flex justify-center py-10">
        <Spinner className="size-10" label={label} />
      </div>
    </AuthFrame>
  );
}
