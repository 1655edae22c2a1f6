import type { QueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { useLogoutAction } from "@/features/auth/hooks/use-logout-action";
import { notificationSettingsQueryOptions } from "@/features/notifications/api/settings";
import { NotificationSettingsCard } from "@/features/notifications/components/notification-settings-card";
import { sessionsQuery } from "@/features/profile/api/sessions";
import { AccountDeletionCard } from "@/features/profile/components/account-deletion-card";
import { ChangePasswordCard } from "@/features/profile/components/change-password-card";
import { PersonalInfoCard } from "@/features/profile/components/personal-info-card";
import { ProfileSummary } from "@/features/profile/components/profile-summary";
import { SessionsCard } from "@/features/profile/components/sessions-card";
import { SetupGuideCard } from "@/features/profile/components/setup-guide-card";
import { TutorialsCard } from "@/features/profile/components/tutorials-card";
import { metaQueryOptions } from "@/lib/meta";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useUser } from "@/lib/user";

export function ProfilePage() {
  useDocumentTitle("Profile");
  const { user } = useUser();
  const { logout, isPending } = useLogoutAction();
  if (!user) return null;
  return (
    <>
      <PageHeader
        title="Profile"
        description="Your details, swap status, guide and tutorials."
        actions={
          // Phones have no header menu, so signing out lives here too.
          <Button variant="outline" onClick={logout} disabled={isPending} className="w-fit">
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        }
      />
      <ProfileSummary user={user} />
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <PersonalInfoCard user={user} />
        <div className="flex flex-col gap-5">
          <NotificationSettingsCard />
          <SetupGuideCard />
          <TutorialsCard />
          <ChangePasswordCard />
          <SessionsCard />
          <AccountDeletionCard />
        </div>
      </div>
    </>
  );
}

/** What the profile's first render asks for, started as soon as the session is known (routes.tsx). */
export function prefetchFirstData(client: QueryClient) {
  void client.prefetchQuery(notificationSettingsQueryOptions);
  void client.prefetchQuery(sessionsQuery());
  void client.prefetchQuery(metaQueryOptions());
}
