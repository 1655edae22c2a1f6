import { Copy, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FieldMessage } from "@/components/ui/field-message";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api";
import { useCalendarFeedUrl, useRegenerateCalendarFeed } from "../api/calendar-feed";
import { CalendarFeedButton } from "./calendar-action-buttons";

/** The same feed as webcal://, which phones and desktop calendar apps open as a subscription. */
const webcalUrl = (url: string) => url.replace(/^https?:/, "webcal:");

/** The private iCalendar address with copy and regenerate, for subscribing from a phone calendar. */
export function CalendarFeedDialog() {
  const [open, setOpen] = useState(false);
  // Kept while the dialog is closed, as the question was before it closed.
  const [confirming, setConfirming] = useState(false);
  const feed = useCalendarFeedUrl(open);
  const id = useId();
  const url = feed.data?.url ?? "";

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <CalendarFeedButton />
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Calendar feed</DialogTitle>
          <DialogDescription>
            Subscribe to this private link in Google Calendar (From URL), Apple Calendar (Add Subscription Calendar) or
            Outlook (Subscribe from web) to see your shifts there. It stays up to date as you change your schedule.
          </DialogDescription>
        </DialogHeader>
        {feed.isPending ? (
          <Spinner label="Loading your calendar link" />
        ) : feed.isError ? (
          <FieldMessage role="alert">{errorMessage(feed.error, "Could not load your calendar link.")}</FieldMessage>
        ) : (
          <FeedLink id={id} url={url} />
        )}
        <RegenerateLink disabled={!url} confirming={confirming} onConfirmingChange={setConfirming} />
      </DialogContent>
    </Dialog>
  );
}

/** The link in a read-only field, with Copy and the webcal:// form. */
function FeedLink({ id, url }: { id: string; url: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: "Paste it into your calendar app as a subscription." });
    } catch {
      (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select();
      toast({ title: "Copy the selected link", description: "Your browser blocked copying; the link is selected." });
    }
  };

  return (
    <FormField
      id={`${id}-url`}
      label="Your private calendar link"
      className="gap-1.5"
      hint={
        <>
          {url && (
            <a className="text-sm font-medium text-primary underline underline-offset-4" href={webcalUrl(url)}>
              Open in your calendar app (webcal)
            </a>
          )}
          <p className="text-sm text-muted-foreground">
            Keep it private: anyone with this link can see your shifts. If it has been shared, create a new one.
          </p>
        </>
      }
    >
      {(control) => (
        <div className="flex gap-2">
          <Input {...control} readOnly value={url} onFocus={(e) => e.target.select()} className="font-mono text-sm" />
          <Button onClick={copy} aria-label="Copy calendar link">
            <Copy aria-hidden="true" />
            <span className="hidden sm:inline">Copy</span>
          </Button>
        </div>
      )}
    </FormField>
  );
}

/** 'Regenerate link', asked again first: calendars subscribed to the old link stop updating. */
function RegenerateLink({
  disabled,
  confirming,
  onConfirmingChange: setConfirming,
}: {
  disabled: boolean;
  confirming: boolean;
  onConfirmingChange: (confirming: boolean) => void;
}) {
  const regenerate = useRegenerateCalendarFeed();

  const renew = async () => {
    try {
      await regenerate.mutateAsync();
      setConfirming(false);
      toast({ title: "New calendar link created", description: "The old link no longer works." });
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Failed to create a new link",
        description: errorMessage(error, "Something went wrong. Please try again."),
      });
    }
  };

  return confirming ? (
    <div className="flex flex-col gap-3 rounded-md border border-border bg-muted p-3">
      <p className="font-semibold">Create a new link? Calendars subscribed to the old one stop updating.</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => setConfirming(false)} disabled={regenerate.isPending}>
          Cancel
        </Button>
        <Button needsConnection onClick={renew} disabled={regenerate.isPending}>
          {regenerate.isPending ? "Creating..." : "Create new link"}
        </Button>
      </div>
    </div>
  ) : (
    <Button
      needsConnection
      variant="outline"
      className="self-start"
      onClick={() => setConfirming(true)}
      disabled={disabled}
    >
      <RefreshCw aria-hidden="true" />
      Regenerate link
    </Button>
  );
}
