import { swapUrgencyOptions } from "@common/profile";
import { RadioGroupItem } from "@/components/ui/radio-group";

/** The swap status choices, inside a RadioGroup of the view or of the form. */
export function UrgencyChoices() {
  return swapUrgencyOptions.map((option) => (
    <label
      key={option.value}
      htmlFor={`profile-urgency-${option.value}`}
      className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[[data-disabled]]:cursor-default has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary-soft"
    >
      <RadioGroupItem id={`profile-urgency-${option.value}`} value={option.value} />
      <span className="flex flex-col gap-0.5">
        <span className="font-semibold">{option.label}</span>
        {"description" in option && <span className="text-sm text-muted-foreground">{option.description}</span>}
      </span>
    </label>
  ));
}

export function urgencyHint(urgency: string | null | undefined): string {
  return urgency === "not_available"
    ? "Your status is currently Not Available. Choose an option to change it."
    : "Set Urgent to show as green to colleagues in Browse by Hub.";
}
