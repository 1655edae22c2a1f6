import { CalendarSearch, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";

/** The browser's first view: how many are looking for swaps here, and the two ways to look. */
export function HubOverview({
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
