import { Link, useLocation } from "wouter";
import { UnreadBadge } from "@/components/unread-badge";
import { preloadOnIntent } from "@/lib/screen-preload";
import { cn } from "@/lib/utils";
import { navItems, profileNavItem } from "./nav-items";

const tabs = [...navItems, profileNavItem];

/** Fixed bottom tab bar for screens narrower than 768px. */
export function BottomTabBar({ unread }: { unread: number }) {
  const [location] = useLocation();
  return (
    <nav
      aria-label="Tabs"
      data-testid="tab-bar"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_8px_rgba(33,43,50,0.08)] md:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-5">
        {tabs.map((tab) => {
          const active = tab.match(location);
          return (
            <li key={tab.href} className="flex">
              <Link
                href={tab.href}
                {...preloadOnIntent(tab.href)}
                aria-current={active ? "page" : undefined}
                className={cn(
                  // A notch smaller on 320px screens, where 'Dashboard' is wider than its fifth of the bar.
                  "relative flex min-w-0 flex-1 flex-col items-center justify-center gap-1 rounded-md text-[0.6875rem] font-semibold text-muted-foreground min-[22rem]:text-xs",
                  active && "text-primary",
                )}
              >
                {active && <span aria-hidden="true" className="absolute top-0 h-1 w-10 rounded-b-full bg-primary" />}
                <span className="relative">
                  <tab.icon aria-hidden="true" className="size-6" />
                  {tab.unread && <UnreadBadge count={unread} className="absolute -top-2 left-3.5" />}
                </span>
                {tab.tabLabel}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
