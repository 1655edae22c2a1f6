import { format } from "date-fns";
import { PageHeader } from "@/components/page-header";
import { useUser } from "@/features/auth/api/get-user";
import { BrowseByHubCard } from "@/features/hubs/components/browse-by-hub-card";
import { UpcomingShiftsCard } from "@/features/shifts/components/upcoming-shifts-card";
import { DashboardSwapRequestsCard } from "@/features/swaps/components/dashboard-swap-requests-card";
import { useDocumentTitle } from "@/lib/use-document-title";
import { NotificationsCard } from "./notifications-card";
import { WelcomeModal } from "./welcome-modal";

export function DashboardPage() {
  useDocumentTitle("Dashboard");
  const { user } = useUser();
  if (!user) return null;
  return (
    <>
      <PageHeader title={`Welcome back, ${user.firstName}`} description={format(new Date(), "EEEE, MMMM do, yyyy")} />
      {/* Dashboard cards (Upcoming Shifts, Browse by Hub, Swap Requests) go in this grid. */}
      <div className="grid gap-5 empty:hidden lg:grid-cols-2" data-testid="dashboard-cards">
        <UpcomingShiftsCard />
        <BrowseByHubCard />
        <DashboardSwapRequestsCard />
      </div>
      <NotificationsCard />
      <WelcomeModal userId={user.id} />
    </>
  );
}
