import type { PublicUser } from "@common/auth";
import { Link, useLocation } from "wouter";
import { GuideMenu } from "@/components/guide-menu";
import { UnreadBadge } from "@/components/unread-badge";
import { preloadOnIntent } from "@/lib/screen-preload";
import { cn } from "@/lib/utils";
import { navItems } from "./nav-items";
import { HeaderBar } from "./shell-frame";
import { UserMenu } from "./user-menu";

/** Fixed top header for screens 768px and wider. */
export function AppHeader({ user, unread }: { user: PublicUser; unread: number }) {
  const [location] = useLocation();
  return (
    <HeaderBar>
      <nav aria-label="Main" className="flex flex-1 items-center gap-1">
        {navItems.map((item) => {
          const active = item.match(location);
          return (
            <Link
              key={item.href}
              href={item.href}
              {...preloadOnIntent(item.href)}
              aria-current={active ? "page" : undefined}
              className={cn(
                "relative inline-flex h-10 items-center gap-2 whitespace-nowrap rounded-md px-2.5 text-base font-semibold text-white hover:bg-primary-hover lg:px-3",
                active && "bg-primary-dark underline decoration-2 underline-offset-8",
              )}
            >
              <item.icon aria-hidden="true" className="hidden size-4 lg:block" />
              {item.headerLabel}
              {item.unread && <UnreadBadge count={unread} />}
            </Link>
          );
        })}
      </nav>
      <div className="flex items-center gap-2">
        <GuideMenu />
        <UserMenu user={user} />
      </div>
    </HeaderBar>
  );
}
