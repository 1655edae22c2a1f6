import { HUB_MESSAGE } from "@common/hub-listing";
import { hubChoices } from "@common/hubs";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FieldMessage } from "@/components/ui/field-message";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/utils";

export type HubChoice = (typeof hubChoices)[number];

/** 'Select a Hub' (SPEC §2): All Hubs or one of the twelve; a choice is required. */
export function HubPickerDialog({
  open,
  onOpenChange,
  onSelect,
  initialHub,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (hub: HubChoice) => void;
  initialHub?: HubChoice | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" aria-describedby="hub-picker-description">
        {open && (
          <PickerBody initialHub={initialHub ?? null} onSelect={onSelect} onCancel={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PickerBody({
  initialHub,
  onSelect,
  onCancel,
}: {
  initialHub: HubChoice | null;
  onSelect: (hub: HubChoice) => void;
  onCancel: () => void;
}) {
  const [hub, setHub] = useState<HubChoice | "">(initialHub ?? "");
  const [missing, setMissing] = useState(false);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!hub) {
      setMissing(true);
      toast({ variant: "destructive", title: "Hub selection required", description: HUB_MESSAGE });
      return;
    }
    toast({ title: "Hub selected", description: `Showing clinicians at ${hub}.` });
    onSelect(hub);
  };

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-col gap-4">
      <DialogHeader>
        <DialogTitle>Select a Hub</DialogTitle>
        <DialogDescription id="hub-picker-description">
          Choose where to look for colleagues who want to swap.
        </DialogDescription>
      </DialogHeader>
      <fieldset className="flex min-h-0 flex-col gap-2">
        <legend className="sr-only">Hub</legend>
        <RadioGroup
          value={hub}
          onValueChange={(value) => {
            setHub(value as HubChoice);
            setMissing(false);
          }}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-error` : undefined}
          className="-mx-1 grid max-h-[min(26rem,55dvh)] gap-2 overflow-y-auto px-1 py-1 sm:grid-cols-2"
        >
          {hubChoices.map((choice) => (
            <label
              key={choice}
              htmlFor={`${id}-${choice}`}
              className={cn(
                "flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-border bg-card px-3 py-2 text-base hover:bg-muted has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary-soft",
                choice === hubChoices[0] && "font-semibold sm:col-span-2",
              )}
            >
              <RadioGroupItem id={`${id}-${choice}`} value={choice} className="mt-0" />
              {choice}
            </label>
          ))}
        </RadioGroup>
        {missing && <FieldMessage id={`${id}-error`}>{HUB_MESSAGE}</FieldMessage>}
      </fieldset>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Browse Clinicians</Button>
      </DialogFooter>
    </form>
  );
}
