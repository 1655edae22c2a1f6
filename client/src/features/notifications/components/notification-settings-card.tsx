import type { NotificationSettingsInput } from "@common/push";
import { Bell, BellOff, Mail } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api";
import { useOnline } from "@/lib/use-online";
import { useNotificationSettings, useSaveNotificationSettings } from "../api/settings";
import { usePushState } from "../hooks/use-push-state";
import type { PushState } from "../push-device";
import { CoverAlertSettings } from "./cover-alert-settings";
import { QuietSettings } from "./quiet-settings";

const pushText: Record<PushState, string> = {
  on: "On. This device shows a notification for new requests, offers, messages and changes to your swaps.",
  off: "Off on this device. Turn it on to hear about swaps while CrewSwap is closed.",
  blocked:
    "Notifications are blocked for CrewSwap in this browser. Allow them in the site settings (the icon beside the web address, or your phone's settings for the installed app), then reload this page.",
  unsupported:
    "This browser cannot show push notifications. On an iPhone, add CrewSwap to your Home Screen first and open it from there.",
};

/** 'Notifications' on /profile: push on this device, the email digest, quiet times and cover alerts. */
export function NotificationSettingsCard() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const online = useOnline();

  const saveChange = (change: NotificationSettingsInput) =>
    save.mutate(change, {
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Error saving notifications",
          description: errorMessage(error, "Something went wrong, please try again"),
        }),
    });
  const setEmail = (email: boolean) => saveChange({ email });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          How CrewSwap tells you about requests, messages and colleagues who need cover while the app is closed.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {!online && <p className="text-sm font-semibold">You are offline. Changes need a connection.</p>}
        <PushSection online={online} />
        <EmailSection
          checked={settings.data?.email ?? true}
          disabled={!settings.data || save.isPending || !online}
          onChange={setEmail}
        />
        <QuietSettings settings={settings.data} disabled={save.isPending || !online} save={saveChange} />
        <CoverAlertSettings settings={settings.data} disabled={save.isPending || !online} save={saveChange} />
      </CardContent>
    </Card>
  );
}

/** Push on this device: what it is set to, and the button that turns it on or off. */
function PushSection({ online }: { online: boolean }) {
  const push = usePushState();
  return (
    <section aria-labelledby="push-heading" className="flex flex-col gap-2">
      <h3 id="push-heading" className="flex items-center gap-2 font-semibold">
        {push.state === "on" ? (
          <Bell aria-hidden="true" className="size-4 text-primary" />
        ) : (
          <BellOff aria-hidden="true" className="size-4 text-muted-foreground" />
        )}
        Push notifications on this device
      </h3>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {push.state ? pushText[push.state] : "Checking this device…"}
      </p>
      {push.error && (
        <p role="alert" className="text-sm text-destructive">
          {push.error}
        </p>
      )}
      {push.state === "off" && (
        <Button className="w-fit" onClick={() => void push.enable()} disabled={push.busy || !online}>
          <Bell aria-hidden="true" />
          Turn on push notifications
        </Button>
      )}
      {push.state === "on" && (
        <Button variant="outline" className="w-fit" onClick={() => void push.disable()} disabled={push.busy || !online}>
          <BellOff aria-hidden="true" />
          Turn off on this device
        </Button>
      )}
    </section>
  );
}

/** The email digest switch. */
function EmailSection({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  onChange: (email: boolean) => void;
}) {
  return (
    <section aria-labelledby="email-heading" className="flex flex-col gap-2">
      <h3 id="email-heading" className="flex items-center gap-2 font-semibold">
        <Mail aria-hidden="true" className="size-4 text-muted-foreground" />
        Email
      </h3>
      <div className="flex items-start gap-3">
        <Checkbox
          id="notify-email"
          checked={checked}
          disabled={disabled}
          onCheckedChange={(value) => onChange(value === true)}
        />
        <Label htmlFor="notify-email" className="font-normal leading-snug">
          Email me a summary when a request or message is still unread after a while
        </Label>
      </div>
    </section>
  );
}
