import type { ThreeWaySwap } from "@common/three-way";
import { useState } from "react";
import { useLocation } from "wouter";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { isApiError } from "@/lib/api";
import { useProposeThreeWay, useThreeWaySwaps } from "../api/three-way-swaps";
import { threeWayWords } from "../three-way-words";

/**
 * 'Three-way swaps' (issue 37): the swaps through my need with two colleagues, best first, each
 * with 'Propose'. Nothing is shown while loading or when there are none, so the screen never jumps
 * for an empty list.
 */
export function ThreeWaySwaps({ shiftId, onProposed }: { shiftId: number; onProposed?: () => void }) {
  const swaps = useThreeWaySwaps(shiftId);
  const [chosen, setChosen] = useState<ThreeWaySwap | null>(null);
  const propose = usePropose(() => {
    setChosen(null);
    onProposed?.();
  });
  if (!swaps.data || swaps.data.length === 0) return null;
  return (
    <section aria-labelledby={`three-way-${shiftId}`} className="flex flex-col gap-2" data-testid="three-way-swaps">
      <h3 id={`three-way-${shiftId}`} className="text-base font-semibold">
        Three-way swaps
      </h3>
      <p className="text-sm text-muted-foreground">
        Two colleagues who cannot swap with you directly can free your shift together.
      </p>
      <ul className="flex flex-col gap-2">
        {swaps.data.map((swap) => (
          <li
            key={`${swap.parties[1].gives.shiftId}-${swap.parties[2].gives.shiftId}`}
            className="flex flex-col gap-2 rounded-md border border-border bg-card p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <SwapWords swap={swap} />
            <Button
              variant="outline"
              size="sm"
              className="shrink-0 self-start sm:self-center"
              onClick={() => setChosen(swap)}
            >
              Propose
            </Button>
          </li>
        ))}
      </ul>
      <AlertDialog open={chosen !== null} onOpenChange={(open) => !open && setChosen(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Propose this three-way swap?</AlertDialogTitle>
            <AlertDialogDescription asChild>
              <div className="flex flex-col gap-2">
                {chosen && <SwapWords swap={chosen} />}
                <span>All three of you must agree before any shift moves.</span>
              </div>
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              needsConnection
              disabled={propose.isPending}
              onClick={(e) => {
                e.preventDefault();
                if (chosen)
                  propose.mutate({ shiftIds: chosen.parties.map((p) => p.gives.shiftId) as [number, number, number] });
              }}
            >
              Propose
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}

function SwapWords({ swap }: { swap: ThreeWaySwap }) {
  const words = threeWayWords(swap);
  return (
    <span className="text-sm">
      {words.map((w, i) => (
        <span key={w}>
          {i > 0 && <span aria-hidden="true"> · </span>}
          {i > 0 && <span className="sr-only">, </span>}
          {w}
        </span>
      ))}
    </span>
  );
}

/** POST /api/three-way-swaps, then the new request's conversation, as after a pairwise request. */
function usePropose(done: () => void) {
  const [, navigate] = useLocation();
  const propose = useProposeThreeWay();
  return {
    isPending: propose.isPending,
    mutate: (input: { shiftIds: [number, number, number] }) =>
      propose.mutate(input, {
        onSuccess: (request) => {
          toast({ title: "Three-way swap proposed" });
          done();
          navigate(`/messages?request=${request.id}`);
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Could not propose the swap",
            description: isApiError(error) && error.body?.message ? error.serverMessage : "Please try again.",
          }),
      }),
  };
}
