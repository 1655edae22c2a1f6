import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

export type LegalDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** A long legal text in a scrollable dialog. */
export function LegalDialog({
  open,
  onOpenChange,
  title,
  updated,
  children,
}: LegalDialogProps & {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Last updated: {updated}</DialogDescription>
        </DialogHeader>
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          aria-label={`${title} text`}
          className="-mx-1 flex max-h-[60dvh] flex-col gap-4 overflow-y-auto px-1 text-base leading-relaxed text-foreground [&_h3]:text-lg [&_h3]:font-bold [&_ul]:list-disc [&_ul]:pl-5 [&_ul]:space-y-1"
        >
          {children}
        </section>
        <DialogFooter>
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
