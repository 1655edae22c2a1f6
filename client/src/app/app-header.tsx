import type { PublicUser } from "@common/auth";
import { Link, useLocation } from "wouter";
import { BrandMark, BrandName } from "@/components/brand";
import { GuideMenu } from "@/components/guide-menu";
import { UnreadBadge } from "@/components/unread-badge";
import { cn } from "@/lib/utils";
import { navItems } from "./nav-items";
import { UserMenu } from "./user-menu";

/** Fixed top header for screens 768px and wider. */
export function AppHeader({ user, unread }: { user: PublicUser; unread: number }) {
  const [location] = useLocation();
  return (
    <header
      data-testid="app-header"
      className="fixed inset-x-0 top-0 z-40 hidden h-16 bg-primary text-white shadow-md md:block"
    >
      {/* From 768px to 1023px (tablets) the icons and the brand's word give way so everything fits on one row. */}
      <div className="mx-auto flex h-full max-w-6xl items-center gap-3 px-4 lg:gap-6 lg:px-6">
        <Link
          href="/dashboard"
          className="flex items-center gap-2 rounded-md text-white [--brand-contrast:#005eb8]"
          aria-label="CrewSwap home"
        >
          <BrandMark className="text-white" />
          <BrandName className="hidden lg:inline" />
        </Link>
        <nav aria-label="Main" className="flex flex-1 items-center gap-1">
          {navItems.map((item) => {
            const active = item.match(location);
            return (
              <Link
                key={item.href}
                href={item.href}
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
      </div>
    </header>
  );
}
