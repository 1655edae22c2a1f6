import { LogOut } from "lucide-react";
import { ComingSoon } from "@/components/coming-soon";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useUser } from "@/features/auth/api/get-user";
import { useLogoutAction } from "@/features/auth/hooks/use-logout-action";

export function ProfilePage() {
  const { user } = useUser();
  const { logout, isPending } = useLogoutAction();
  return (
    <ComingSoon title="Profile" line="Editing your details, the setup guide and tutorials are coming soon.">
      <Card>
        <CardHeader>
          <CardTitle>
            {user?.firstName} {user?.lastName}
          </CardTitle>
          <CardDescription>{user?.email}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" onClick={logout} disabled={isPending}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </CardContent>
      </Card>
    </ComingSoon>
  );
}
