import { LogOut } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { useUser } from "@/features/auth/api/get-user";
import { useLogoutAction } from "@/features/auth/hooks/use-logout-action";
import { AccountDeletionCard } from "@/features/profile/components/account-deletion-card";
import { PersonalInfoCard } from "@/features/profile/components/personal-info-card";
import { ProfileSummary } from "@/features/profile/components/profile-summary";
import { SetupGuideCard } from "@/features/profile/components/setup-guide-card";
import { TutorialsCard } from "@/features/profile/components/tutorials-card";
import { useDocumentTitle } from "@/lib/use-document-title";

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
          <SetupGuideCard />
          <TutorialsCard />
          <AccountDeletionCard />
        </div>
      </div>
    </>
  );
}
