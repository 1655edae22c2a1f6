import { CalendarSync, ChevronDown, Trash2 } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";

// The schedule's header buttons as drawn, apart from what they open: the menu and the dialog wrap
// them, and /calendar's first paint draws them before that code has arrived.

export function ClearCalendarButton(props: ButtonProps) {
  return (
    <Button needsConnection variant="outline" className="px-3" {...props}>
      <Trash2 aria-hidden="true" className="hidden sm:block" />
      Clear Calendar
      <ChevronDown aria-hidden="true" />
    </Button>
  );
}

export function CalendarFeedButton(props: ButtonProps) {
  return (
    <Button variant="outline" className="px-3" {...props}>
      <CalendarSync aria-hidden="true" />
      Calendar feed
    </Button>
  );
}
