import { MAX_OFFERS, OFFER_LIMIT_MESSAGE } from "@common/swap-rules";
import type { SwapShift } from "@common/swaps";
import type { Warning } from "@common/working-time";
import { toast } from "@/components/ui/use-toast";
import { RestWarningNote } from "./rest-warnings";
import { ShiftChoice } from "./shift-choice";

/**
 * The colleague's shifts needing cover that I offer to work in return, as checkboxes: the wizard's
 * offers step and the edit dialog. A fourth choice is refused with SPEC's limit message.
 */
export function OfferPicker({
  shifts,
  selected,
  onChange,
  name,
  warnings,
}: {
  shifts: SwapShift[];
  selected: number[];
  onChange: (ids: number[]) => void;
  name: string;
  /** What covering each shift would do to my rest, by shift id. */
  warnings?: ReadonlyMap<number, Warning[]>;
}) {
  const toggle = (id: number) => {
    if (selected.includes(id)) return onChange(selected.filter((o) => o !== id));
    if (selected.length >= MAX_OFFERS) {
      toast({ title: "Selection Limit", description: OFFER_LIMIT_MESSAGE });
      return;
    }
    onChange([...selected, id]);
  };
  return (
    <div className="flex max-h-60 flex-col gap-2 overflow-y-auto p-1">
      {shifts.map((s) => (
        <ShiftChoice
          key={s.id}
          shift={s}
          type="checkbox"
          name={name}
          checked={selected.includes(s.id)}
          onChange={() => toggle(s.id)}
          extra={<RestWarningNote lead="Covering it breaks your rest" warnings={warnings?.get(s.id)} />}
        />
      ))}
    </div>
  );
}
