import { format } from "date-fns";
import { useEffect, useRef, useState } from "react";
import type { DateRange } from "react-day-picker";
import { toast } from "@/components/ui/use-toast";
import { type HubRangeQuery, useHubClinicians, useHubCount } from "../api/get-hub-clinicians";

type View = "banner" | "all" | "filtered";

const day = (d: Date) => format(d, "yyyy-MM-dd");

/**
 * What the clinician browser shows: the overview banner, everyone urgent, or everyone with
 * something on offer in a chosen date range; and the counts and pages behind each.
 */
export function useClinicianBrowser(hub: string) {
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

  const backToOverview = () => {
    if (view === "filtered") setRange(undefined);
    setView("banner");
  };

  const showingAll = view === "all";
  const listTitle = showingAll
    ? "All active users"
    : complete && range?.from && range.to
      ? `Available ${format(range.from, "MMM d")} – ${format(range.to, "MMM d, yyyy")}`
      : "Choose a date range";

  return {
    view,
    range,
    filterOpen,
    setFilterOpen,
    listRef,
    allCount,
    changeRange,
    showList,
    searchByDate,
    backToOverview,
    list: {
      title: listTitle,
      list: showingAll ? all : filtered,
      total: (showingAll ? allCount : filteredCount).data?.count,
      loading: showingAll ? all.isPending : complete !== null && filtered.isPending,
      mode: showingAll ? ("all" as const) : ("filtered" as const),
    },
  };
}
