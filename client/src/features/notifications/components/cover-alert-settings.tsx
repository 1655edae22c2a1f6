import { type Hub, hubs } from "@common/hubs";
import { MAX_COVER_ALERTS_PER_DAY, type NotificationSettings, type NotificationSettingsInput } from "@common/push";
import { HandHelping } from "lucide-react";
import { FormField } from "@/components/form-field";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

/**
 * The Notifications card's cover-alert choices (DESIGN §5.22): alerts on or off, and whose needs
 * for cover: all hubs, or the hubs ticked (the own hub until the user chooses).
 */
export function CoverAlertSettings({
  settings,
  disabled,
  save,
}: {
  settings: NotificationSettings | undefined;
  disabled: boolean;
  save: (change: NotificationSettingsInput) => void;
}) {
  const followed = settings?.followedHubs ?? [];
  const off = disabled || !settings;
  const toggleHub = (hub: Hub, on: boolean) =>
    save({ followedHubs: on ? [...followed, hub] : followed.filter((h) => h !== hub) });

  return (
    <section aria-labelledby="cover-heading" className="flex flex-col gap-3">
      <h3 id="cover-heading" className="flex items-center gap-2 font-semibold">
        <HandHelping aria-hidden="true" className="size-4 text-muted-foreground" />
        Colleagues who need cover
      </h3>
      <div className="flex items-start gap-3">
        <Checkbox
          id="notify-cover"
          checked={settings?.coverAlerts ?? true}
          disabled={off}
          onCheckedChange={(checked) => save({ coverAlerts: checked === true })}
        />
        <Label htmlFor="notify-cover" className="font-normal leading-snug">
          Tell me when a colleague of my grade needs cover on a day I marked as an Available Off Day
        </Label>
      </div>
      <DailyLimit settings={settings} disabled={off || settings?.coverAlerts === false} save={save} />
      <fieldset className="flex flex-col gap-2" disabled={off || settings?.coverAlerts === false}>
        <legend className="mb-1 text-sm font-semibold">Hubs I hear about</legend>
        <div className="flex items-start gap-3">
          <Checkbox
            id="follow-all-hubs"
            checked={settings?.followAllHubs ?? false}
            disabled={off || settings?.coverAlerts === false}
            onCheckedChange={(checked) => save({ followAllHubs: checked === true })}
          />
          <Label htmlFor="follow-all-hubs" className="font-normal">
            All hubs
          </Label>
        </div>
        {!settings?.followAllHubs && (
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {hubs.map((hub) => {
              const id = `follow-${hub.replace(/\s+/g, "-").toLowerCase()}`;
              return (
                <li key={hub} className="flex items-center gap-3">
                  <Checkbox
                    id={id}
                    checked={followed.includes(hub)}
                    disabled={off || settings?.coverAlerts === false}
                    onCheckedChange={(checked) => toggleHub(hub, checked === true)}
                  />
                  <Label htmlFor={id} className="font-normal">
                    {hub}
                  </Label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
    </section>
  );
}

const LIMITS = Array.from({ length: MAX_COVER_ALERTS_PER_DAY + 1 }, (_, n) => n);

/** How many cover alerts a day come as push notifications; the rest come in the email summary. */
function DailyLimit({
  settings,
  disabled,
  save,
}: {
  settings: NotificationSettings | undefined;
  disabled: boolean;
  save: (change: NotificationSettingsInput) => void;
}) {
  return (
    <FormField
      id="cover-per-day"
      label="Push notifications about cover a day"
      className="gap-1.5 sm:max-w-sm"
      describedBy={["cover-per-day-hint"]}
      hint={
        <p id="cover-per-day-hint" className="text-sm text-muted-foreground">
          The rest are in the app and in the email summary.
        </p>
      }
    >
      {(control) => (
        <select
          {...control}
          value={settings?.coverAlertsPerDay ?? ""}
          disabled={disabled}
          onChange={(e) => save({ coverAlertsPerDay: Number(e.target.value) })}
          className="h-11 w-full rounded-md border border-input bg-card px-3 text-base text-foreground shadow-xs disabled:opacity-60"
        >
          {!settings && <option value="">…</option>}
          {LIMITS.map((n) => (
            <option key={n} value={n}>
              {n === 0 ? "None" : n}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
