import type { PublicUser } from "@common/auth";
import { LogOut, UserRound } from "lucide-react";
import { useLocation } from "wouter";
import { StatusAvatar, swapStatus } from "@/components/status-avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useLogoutAction } from "@/features/auth/hooks/use-logout-action";

export function UserMenu({ user }: { user: PublicUser }) {
  const [, navigate] = useLocation();
  const { logout, isPending } = useLogoutAction();
  const status = swapStatus(user.swapUrgency);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="inline-flex items-center rounded-full p-0.5 hover:bg-primary-hover data-[state=open]:bg-primary-dark">
        <StatusAvatar user={user} />
        <span className="sr-only">
          {" "}
          Profile menu for <bdi>{`${user.firstName} ${user.lastName}`}</bdi> ({status.label})
        </span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <bdi>{`${user.firstName} ${user.lastName}`}</bdi>
          <span className="truncate text-sm font-normal text-muted-foreground">{user.email}</span>
          <span className="text-sm font-normal text-muted-foreground">{status.label}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate("/profile")}>
          <UserRound aria-hidden="true" />
          Profile
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" disabled={isPending} onSelect={() => logout()}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
