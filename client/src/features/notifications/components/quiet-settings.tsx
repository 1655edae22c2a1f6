import type { NotificationSettings, NotificationSettingsInput } from "@common/push";
import { DEFAULT_QUIET_UNTIL } from "@common/quiet-rules";
import { Moon } from "lucide-react";
import { FormField } from "@/components/form-field";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { formatTime12, timeOptions } from "@/lib/shift-times";

const TIME_OPTIONS = timeOptions();
/** Offered when quiet hours are switched on. */
const DEFAULT_QUIET_HOURS = { start: "22:00", end: "07:00" };

/**
 * The Notifications card's quiet times (issue 36): pushes that fall inside wait until they end,
 * one per request. Quiet hours, a daily window in UK time, and 'quiet after a night shift'.
 */
export function QuietSettings({
  settings,
  disabled,
  save,
}: {
  settings: NotificationSettings | undefined;
  disabled: boolean;
  save: (change: NotificationSettingsInput) => void;
}) {
  const off = disabled || !settings;
  const hours = settings?.quietHours ?? null;
  const afterNight = settings?.quietAfterNight ?? null;

  return (
    <section aria-labelledby="quiet-heading" className="flex flex-col gap-3">
      <h3 id="quiet-heading" className="flex items-center gap-2 font-semibold">
        <Moon aria-hidden="true" className="size-4 text-muted-foreground" />
        Quiet times
      </h3>
      <p className="text-sm text-muted-foreground">
        Push notifications that arrive in a quiet time wait until it ends, one for each request. UK time.
      </p>
      <div className="flex items-start gap-3">
        <Checkbox
          id="quiet-hours"
          checked={hours !== null}
          disabled={off}
          onCheckedChange={(checked) => save({ quietHours: checked === true ? DEFAULT_QUIET_HOURS : null })}
        />
        <Label htmlFor="quiet-hours" className="font-normal leading-snug">
          Quiet hours every day
        </Label>
      </div>
      {hours && (
        <div className="grid grid-cols-2 gap-3 pl-8 sm:max-w-sm">
          <TimeSelect
            id="quiet-hours-start"
            label="From"
            value={hours.start}
            disabled={off}
            onChange={(start) => save({ quietHours: { ...hours, start } })}
          />
          <TimeSelect
            id="quiet-hours-end"
            label="Until"
            value={hours.end}
            disabled={off}
            onChange={(end) => save({ quietHours: { ...hours, end } })}
          />
        </div>
      )}
      <div className="flex items-start gap-3">
        <Checkbox
          id="quiet-after-night"
          checked={afterNight !== null}
          disabled={off}
          onCheckedChange={(checked) =>
            save({ quietAfterNight: checked === true ? { until: DEFAULT_QUIET_UNTIL } : null })
          }
        />
        <Label htmlFor="quiet-after-night" className="font-normal leading-snug">
          Quiet after a night shift, from the end of my night shift
        </Label>
      </div>
      {afterNight && (
        <div className="grid grid-cols-2 gap-3 pl-8 sm:max-w-sm">
          <TimeSelect
            id="quiet-after-night-until"
            label="Until"
            value={afterNight.until}
            disabled={off}
            onChange={(until) => save({ quietAfterNight: { until } })}
          />
        </div>
      )}
    </section>
  );
}

/** A time of day on the 15-minute step, in 12-hour time; a stored time off the step is offered too. */
function TimeSelect({
  id,
  label,
  value,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const options = TIME_OPTIONS.some((o) => o.value === value)
    ? TIME_OPTIONS
    : [...TIME_OPTIONS, { value, label: formatTime12(value) }].sort((a, b) => (a.value < b.value ? -1 : 1));
  return (
    <FormField id={id} label={label} className="gap-1.5">
      {(control) => (
        <select
          {...control}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          className="h-11 w-full rounded-md border border-input bg-card px-3 text-base text-foreground shadow-xs disabled:opacity-60"
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
