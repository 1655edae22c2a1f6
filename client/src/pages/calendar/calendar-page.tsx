import { ComingSoon } from "@/components/coming-soon";

export function CalendarPage() {
  return <ComingSoon title="Your Schedule" line="Your shift calendar and spreadsheet import are coming soon." />;
}
