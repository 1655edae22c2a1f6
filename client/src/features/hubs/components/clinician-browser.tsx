import { ALL_HUBS } from "@common/hubs";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { useToday } from "@/lib/use-today";
import { useClinicianBrowser } from "../hooks/use-clinician-browser";
import { ClinicianList } from "./clinician-list";
import type { SwapRequestTarget } from "./clinician-row";
import { DateRangeFilter } from "./date-range-filter";
import { HubOverview } from "./hub-overview";

/**
 * The full-screen clinician browser for one hub (SPEC §2, §4 'Clinician browser views'): an overview
 * banner, everyone urgent, or everyone with something on offer in a date range.
 */
export function ClinicianBrowser({
  hub,
  onClose,
  onRequestSwap,
  aside,
}: {
  hub: string;
  onClose: () => void;
  onRequestSwap: (target: SwapRequestTarget) => void;
  /** Shown beside the list: the screen passes the user's own availability. */
  aside?: ReactNode;
}) {
  const today = useToday();
  const b = useClinicianBrowser(hub);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        hideClose
        aria-describedby="clinician-browser-description"
        className="inset-0 top-0 left-0 h-dvh max-h-none w-full max-w-none translate-x-0 translate-y-0 gap-0 overflow-y-auto rounded-none border-0 bg-background p-0 sm:p-0"
        data-testid="clinician-browser"
      >
        <BrowserHeader hub={hub} onClose={onClose} />
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-5">
          <DateRangeFilter
            open={b.filterOpen}
            onOpenChange={b.setFilterOpen}
            range={b.range}
            onRangeChange={b.changeRange}
            today={today}
          />
          <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <div ref={b.listRef} className="flex scroll-mt-4 flex-col gap-4">
              {b.view === "banner" ? (
                <HubOverview
                  count={b.allCount.data?.count ?? 0}
                  loading={b.allCount.isPending}
                  where={hub === ALL_HUBS ? "Across all hubs" : `At ${hub}`}
                  onViewAll={() => b.showList("all")}
                  onSearch={b.searchByDate}
                />
              ) : (
                <ClinicianList {...b.list} hub={hub} onBack={b.backToOverview} onRequestSwap={onRequestSwap} />
              )}
            </div>
            {aside}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function BrowserHeader({ hub, onClose }: { hub: string; onClose: () => void }) {
  return (
    <header className="sticky top-0 z-10 border-b border-border bg-card shadow-sm">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Button variant="outline" size="sm" onClick={onClose}>
          <ArrowLeft aria-hidden="true" />
          Back to Hubs
        </Button>
        <div className="min-w-0 flex-1">
          <DialogTitle className="text-xl sm:text-2xl">Clinicians at {hub}</DialogTitle>
          <DialogDescription id="clinician-browser-description" className="text-sm">
            Find a colleague with an Available Off Day and ask them to work your shift.
          </DialogDescription>
        </div>
      </div>
    </header>
  );
}
