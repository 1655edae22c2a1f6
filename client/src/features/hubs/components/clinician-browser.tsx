import type { HubListingItem } from "@common/hub-listing";
import { ALL_HUBS } from "@common/hubs";
import { format } from "date-fns";
import { ArrowLeft, CalendarSearch, SearchX, Users } from "lucide-react";
import { type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from "react";
import type { DateRange } from "react-day-picker";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { useToday } from "@/lib/use-today";
import { type HubRangeQuery, useHubClinicians, useHubCount } from "../api/get-hub-clinicians";
import { ClinicianRow, type SwapRequestTarget } from "./clinician-row";
import { DateRangeFilter } from "./date-range-filter";

type View = "banner" | "all" | "filtered";

const day = (d: Date) => format(d, "yyyy-MM-dd");

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
  const [view, setView] = useState<View>("banner");
  const [range, setRange] = useState<DateRange | undefined>();
  const [filterOpen, setFilterOpen] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);

  const complete: HubRangeQuery = range?.from && range.to ? { fromDate: day(range.from), toDate: day(range.to) } : null;
  // The banner needs only the count; a list is fetched, a page at a time, once it is shown.
  const allCount = useHubCount(hub, null);
  const all = useHubClinicians(hub, null, view === "all");
  const filteredCount = useHubCount(hub, complete, complete !== null);
  const filtered = useHubClinicians(hub, complete, complete !== null);
  const failed = allCount.isError || all.isError || filteredCount.isError || filtered.isError;

  useEffect(() => {
    if (failed) toast({ variant: "destructive", title: "Error", description: "Could not find clinician data" });
  }, [failed]);

  const changeRange = (next: DateRange | undefined) => {
    setRange(next);
    if (next?.from && next.to) setView("filtered");
    else if (!next?.from) setView("banner");
  };

  const showList = (next: View) => {
    setView(next);
    // Bring the list into view on phones, where it sits below the filters.
    requestAnimationFrame(() => listRef.current?.scrollIntoView({ block: "start", behavior: "smooth" }));
  };

  const searchByDate = () => {
    setFilterOpen(true);
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>("[data-testid=date-range-filter] button")?.scrollIntoView({ block: "start" }),
    );
  };

  const where = hub === ALL_HUBS ? "Across all hubs" : `At ${hub}`;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        hideClose
        aria-describedby="clinician-browser-description"
        className="inset-0 top-0 left-0 h-dvh max-h-none w-full max-w-none translate-x-0 translate-y-0 gap-0 overflow-y-auto rounded-none border-0 bg-background p-0 sm:p-0"
        data-testid="clinician-browser"
      >
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

        <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-5">
          <DateRangeFilter
            open={filterOpen}
            onOpenChange={setFilterOpen}
            range={range}
            onRangeChange={changeRange}
            today={today}
          />
          <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <div ref={listRef} className="flex scroll-mt-4 flex-col gap-4">
              {view === "banner" ? (
                <Overview
                  count={allCount.data?.count ?? 0}
                  loading={allCount.isPending}
                  where={where}
                  onViewAll={() => showList("all")}
                  onSearch={searchByDate}
                />
              ) : (
                <ClinicianList
                  title={
                    view === "all"
                      ? "All active users"
                      : complete
                        ? `Available ${format(range!.from!, "MMM d")} – ${format(range!.to!, "MMM d, yyyy")}`
                        : "Choose a date range"
                  }
                  list={view === "all" ? all : filtered}
                  total={(view === "all" ? allCount : filteredCount).data?.count}
                  loading={view === "all" ? all.isPending : complete !== null && filtered.isPending}
                  mode={view === "all" ? "all" : "filtered"}
                  hub={hub}
                  onBack={() => {
                    if (view === "filtered") setRange(undefined);
                    setView("banner");
                  }}
                  onRequestSwap={onRequestSwap}
                />
              )}
            </div>
            {aside}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Overview({
  count,
  loading,
  where,
  onViewAll,
  onSearch,
}: {
  count: number;
  loading: boolean;
  where: string;
  onViewAll: () => void;
  onSearch: () => void;
}) {
  return (
    <>
      <section
        aria-label="Overview"
        className="flex items-center gap-4 rounded-lg bg-primary px-5 py-5 text-primary-foreground shadow-sm"
        data-testid="hub-overview"
      >
        <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-white/15">
          <Users aria-hidden="true" className="size-7" />
        </span>
        <div className="flex flex-col gap-0.5">
          {loading ? (
            <Spinner label="Counting clinicians" className="text-white" />
          ) : (
            <p className="text-lg font-bold leading-snug sm:text-xl">
              <span className="text-3xl" data-testid="seeking-count">
                {count}
              </span>{" "}
              {count === 1 ? "clinician is" : "clinicians are"} currently looking for swaps
            </p>
          )}
          <p className="text-sm text-white/90">{where}</p>
        </div>
      </section>
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceCard
          icon={<Users aria-hidden="true" className="size-6" />}
          title="View All Active Users"
          text="Everyone here who has set their swap urgency to urgent."
          onClick={onViewAll}
        />
        <ChoiceCard
          icon={<CalendarSearch aria-hidden="true" className="size-6" />}
          title="Search by Date Range"
          text="Pick the days you could swap and see who has something on offer."
          onClick={onSearch}
        />
      </div>
    </>
  );
}

function ChoiceCard({
  icon,
  title,
  text,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  onClick: () => void;
}) {
  return (
    <Card className="transition-colors hover:border-primary">
      <button
        type="button"
        onClick={onClick}
        className="flex h-full w-full flex-col items-start gap-2 rounded-lg p-5 text-left"
      >
        <span className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary">
          {icon}
        </span>
        <span className="text-lg font-bold">{title}</span>
        <span className="text-sm text-muted-foreground">{text}</span>
      </button>
    </Card>
  );
}

type PagedList = ReturnType<typeof useHubClinicians>;

function ClinicianList({
  title,
  list,
  total,
  loading,
  mode,
  hub,
  onBack,
  onRequestSwap,
}: {
  title: string;
  list: PagedList;
  /** How many the whole list holds; the rows arrive a page at a time. */
  total: number | undefined;
  loading: boolean;
  mode: "all" | "filtered";
  hub: string;
  onBack: () => void;
  onRequestSwap: (target: SwapRequestTarget) => void;
}) {
  const items = useMemo(() => uniqueItems(list.data?.pages.flatMap((page) => page.items) ?? []), [list.data]);
  const scrollArea = useRef<HTMLElement>(null);
  return (
    <section aria-labelledby="clinician-list-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="clinician-list-title" className="text-xl font-bold">
          {title}
          {!loading && total !== undefined && (
            <>
              {" "}
              <span className="ml-1 text-base font-semibold text-muted-foreground">({total})</span>
            </>
          )}
        </h2>
        <Button variant="link" size="inline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back to overview
        </Button>
      </div>
      {/* The list scrolls inside a 500px area (SPEC §9); it is focusable so keyboards can scroll it. */}
      <section
        ref={scrollArea}
        className="h-[500px] overflow-y-auto rounded-lg border border-border bg-muted/40 p-2 sm:p-3"
        aria-label="Clinicians"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must be reachable by keyboard
        tabIndex={0}
        data-testid="clinician-list"
      >
        {loading ? (
          <div className="flex h-full items-center justify-center">
            <Spinner label="Loading clinicians" />
          </div>
        ) : items.length === 0 ? (
          <EmptyState mode={mode} hub={hub} />
        ) : (
          <>
            <ul className="flex flex-col gap-2">
              {items.map((item) => (
                <ClinicianRow
                  key={item.clinician.id}
                  item={item}
                  rangeLabel={mode === "all" ? "coming up" : "in this date range"}
                  onRequestSwap={onRequestSwap}
                />
              ))}
            </ul>
            {list.hasNextPage && <MoreClinicians list={list} scrollArea={scrollArea} />}
          </>
        )}
      </section>
    </section>
  );
}

/** A colleague renamed between two pages could come round again: each is listed once. */
function uniqueItems(items: HubListingItem[]): HubListingItem[] {
  const seen = new Set<number>();
  return items.filter((item) => !seen.has(item.clinician.id) && seen.add(item.clinician.id));
}

/**
 * The end of the loaded rows: the next page loads as it nears the view of the scroll area, or with
 * the button (keyboards, and browsers without IntersectionObserver).
 */
function MoreClinicians({ list, scrollArea }: { list: PagedList; scrollArea: RefObject<HTMLElement | null> }) {
  const ref = useRef<HTMLDivElement>(null);
  const { fetchNextPage, isFetchingNextPage, isFetchNextPageError } = list;

  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === "undefined" || isFetchingNextPage || isFetchNextPageError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { root: scrollArea.current, rootMargin: "0px 0px 400px 0px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [fetchNextPage, isFetchingNextPage, isFetchNextPageError, scrollArea]);

  return (
    <div ref={ref} className="flex justify-center pt-3 pb-1" data-testid="more-clinicians">
      {isFetchingNextPage ? (
        <Spinner label="Loading more clinicians" />
      ) : (
        <Button variant="outline" size="sm" onClick={() => void fetchNextPage()}>
          Show more clinicians
        </Button>
      )}
    </div>
  );
}

function EmptyState({ mode, hub }: { mode: "all" | "filtered"; hub: string }) {
  const tryAll = hub !== ALL_HUBS;
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center" role="status">
      <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="text-lg font-bold">
        {mode === "all" ? "No clinicians currently seeking swaps" : "No clinicians found"}
      </p>
      <ul className="flex max-w-md flex-col gap-1 text-sm text-muted-foreground">
        {tryAll && <li>Try All Hubs to look further afield.</li>}
        {mode === "filtered" && <li>Try a different date range.</li>}
        <li>Clinicians appear here once they set their swap urgency to urgent.</li>
      </ul>
    </div>
  );
}
