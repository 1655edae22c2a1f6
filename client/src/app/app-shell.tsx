import type { PublicUser } from "@common/auth";
import type { ReactNode } from "react";
import { BetaBanner } from "@/components/beta-banner";
import { BrandMark, BrandName } from "@/components/brand";
import { VerifyEmailBanner } from "@/features/auth/components/verify-email-banner";
import { useUnreadCount } from "@/features/chat/api/get-unread-count";
import { AppHeader } from "./app-header";
import { BottomTabBar } from "./bottom-tab-bar";
import { useRealtimeUpdates } from "./use-realtime";

/** Frame of every signed-in screen: header (wide) or tab bar (phone), beta banner, content. */
export function AppShell({ user, children }: { user: PublicUser; children: ReactNode }) {
  // Every signed-in screen holds the tab's realtime socket, which keeps the unread count (and
  // every chat, swap and calendar query) fresh between polls.
  useRealtimeUpdates(true);
  const unread = useUnreadCount(true);
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-4 py-2 font-semibold text-primary-dark focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <AppHeader user={user} unread={unread} />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 pt-4 pb-28 outline-none focus:shadow-none md:pt-22 md:pb-10 lg:px-6"
      >
        <div className="flex items-center gap-2 text-primary md:hidden">
          <BrandMark className="size-7" />
          <BrandName className="text-lg text-primary-dark" />
        </div>
        <BetaBanner />
        <VerifyEmailBanner user={user} />
        {children}
      </main>
      <BottomTabBar unread={unread} />
    </div>
  );
}
