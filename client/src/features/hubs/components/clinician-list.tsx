import type { HubListingItem } from "@common/hub-listing";
import { ALL_HUBS } from "@common/hubs";
import { ArrowLeft, SearchX } from "lucide-react";
import { type RefObject, useEffect, useMemo, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { useHubClinicians } from "../api/get-hub-clinicians";
import { ClinicianRow, type SwapRequestTarget } from "./clinician-row";

type PagedList = ReturnType<typeof useHubClinicians>;

/** A list of clinicians in its own scroll area, loaded a page at a time. */
export function ClinicianList({
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
