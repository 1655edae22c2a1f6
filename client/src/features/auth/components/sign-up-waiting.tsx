import { HeartPulse } from "lucide-react";
import { Spinner } from "@/components/ui/spinner";

export function SignUpWaiting() {
  return (
    <div
      data-testid="signup-waiting"
      className="flex flex-col items-center gap-4 px-2 py-10 text-center"
      role="status"
      aria-live="polite"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary">
        <HeartPulse aria-hidden="true" className="size-8" />
      </span>
      <h2 className="text-2xl font-bold tracking-tight">Thanks for signing up</h2>
      <p className="max-w-sm text-base text-muted-foreground">
        We are setting up your CrewSwap account. You will be taken to your dashboard in a moment.
      </p>
      <Spinner className="size-8" label="Creating your account" />
    </div>
  );
}
