import { isFirstVisit } from "@common/first-visit";
import type { QueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { PageHeader } from "@/components/page-header";
import { UpcomingShiftsCard } from "@/features/shifts/components/upcoming-shifts-card";
import { swapRequestsQueryOptions } from "@/features/swaps/api/get-swap-requests";
import { DashboardSwapRequestsCard } from "@/features/swaps/components/dashboard-swap-requests-card";
import { shiftsQueryOptions } from "@/lib/shifts";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useToday } from "@/lib/use-today";
import { useUser } from "@/lib/user";
import { BrowseByHub } from "@/pages/shared/browse-by-hub";
import { NotificationsCard } from "./notifications-card";
import { WelcomeModal } from "./welcome-modal";

export function DashboardPage() {
  useDocumentTitle("Dashboard");
  const { user } = useUser();
  const today = useToday();
  if (!user) return null;
  return (
    <>
      <PageHeader
        title={
          <>
            {isFirstVisit(user, today) ? "Welcome" : "Welcome back"}, <bdi>{user.firstName}</bdi>
          </>
        }
        description={format(new Date(), "EEEE, MMMM do, yyyy")}
      />
      {/* What a clinician checks first thing: today's and the week's shifts, then requests waiting on
          someone, then looking for new swaps; the tips come last. */}
      <div className="grid gap-5 lg:grid-cols-2" data-testid="dashboard-cards">
        <UpcomingShiftsCard />
        <DashboardSwapRequestsCard />
        <BrowseByHub />
        <NotificationsCard />
      </div>
      <WelcomeModal userId={user.id} />
    </>
  );
}

/** What the dashboard's first render asks for, started as soon as the session is known (routes.tsx). */
export function prefetchFirstData(client: QueryClient) {
  void client.prefetchQuery(shiftsQueryOptions());
  void client.prefetchQuery(swapRequestsQueryOptions());
}
