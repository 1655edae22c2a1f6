import { useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { toast } from "@/components/ui/use-toast";
import { isApiError } from "@/lib/api";
import { type ClearScope, useClearShifts } from "../api/clear-shifts";
import type { YearMonth } from "../calendar-math";
import { ClearCalendarButton } from "./calendar-action-buttons";
import { monthTitle } from "./month-grid";

/** 'Clear Calendar' menu: the shown month or its whole year, each after a confirmation. */
export function ClearCalendarMenu({ month }: { month: YearMonth }) {
  const [scope, setScope] = useState<ClearScope | null>(null);
  const clear = useClearShifts();
  const label = scope ? (scope.month ? monthTitle({ year: scope.year, month: scope.month }) : String(scope.year)) : "";

  const confirm = async () => {
    if (!scope) return;
    try {
      const { deletedCount } = await clear.mutateAsync(scope);
      toast({
        title: "Calendar cleared",
        description: `Successfully cleared ${deletedCount} ${deletedCount === 1 ? "shift" : "shifts"} for ${label}`,
      });
      setScope(null);
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Failed to clear calendar",
        description: isApiError(error) && error.body?.message ? error.serverMessage : "Failed to clear shifts",
      });
    }
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <ClearCalendarButton />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem variant="destructive" onSelect={() => setScope({ year: month.year, month: month.month })}>
            Clear this month ({monthTitle(month)})
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={() => setScope({ year: month.year })}>
            Clear this year ({month.year})
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <AlertDialog open={scope !== null} onOpenChange={(open) => !open && !clear.isPending && setScope(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Clear {label}?</AlertDialogTitle>
            <AlertDialogDescription>
              This deletes every shift, rest day and leave entry in your calendar for {label}. It cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={clear.isPending}>Cancel</AlertDialogCancel>
            <Button needsConnection variant="destructive" onClick={confirm} disabled={clear.isPending}>
              {clear.isPending ? "Clearing..." : "Clear calendar"}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
