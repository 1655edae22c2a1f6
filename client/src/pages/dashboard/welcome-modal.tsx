import { CalendarDays, ClipboardCheck, UserRound } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { readFlag, writeFlag } from "@/lib/local-flag";

export const WELCOME_DELAY_MS = 500;
export const welcomeFlagKey = (userId: number) => `crewswap:welcome-shown:${userId}`;

const steps = [
  { icon: UserRound, text: "Complete your profile: base, clinical grade and swap status." },
  { icon: CalendarDays, text: "Add your shifts, or import the spreadsheet from GRS, and mark Available Off Days." },
  { icon: ClipboardCheck, text: "When you agree a swap here, submit it on GRS too." },
];

/** First-visit welcome, shown once per user on this device. */
export function WelcomeModal({ userId }: { userId: number }) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();

  useEffect(() => {
    if (readFlag(welcomeFlagKey(userId))) return;
    const timer = setTimeout(() => setOpen(true), WELCOME_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId]);

  const close = () => {
    writeFlag(welcomeFlagKey(userId));
    setOpen(false);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <DialogContent data-testid="welcome-modal" closeLabel="Close welcome message">
        <DialogHeader>
          <DialogTitle>Welcome to CrewSwap!</DialogTitle>
          <DialogDescription>Swap shifts with colleagues across your region in three steps.</DialogDescription>
        </DialogHeader>
        <ol className="flex flex-col gap-3">
          {steps.map((step) => (
            <li key={step.text} className="flex items-start gap-3 text-base">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
                <step.icon aria-hidden="true" className="size-5" />
              </span>
              <span className="pt-1.5">{step.text}</span>
            </li>
          ))}
        </ol>
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Maybe later
          </Button>
          <Button
            onClick={() => {
              close();
              navigate("/profile");
            }}
          >
            Go to profile
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
