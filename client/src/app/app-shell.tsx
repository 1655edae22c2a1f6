import type { PublicUser } from "@common/auth";
import type { QueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { VerifyEmailBanner } from "@/features/auth/components/verify-email-banner";
import { unreadCountQueryOptions, useUnreadCount } from "@/features/chat/api/get-unread-count";
import { mirrorScheduleTipCookie } from "@/lib/schedule-tip";
import { whenIdle } from "@/lib/when-idle";
import { AppHeader } from "./app-header";
import { BottomTabBar } from "./bottom-tab-bar";
import { ShellFrame } from "./shell-frame";
import { useRealtimeUpdates } from "./use-realtime";

/** Every signed-in screen: the frame with its menus, the tab bar (phone), the email banner, content. */
export function AppShell({ user, children }: { user: PublicUser; children: ReactNode }) {
  // Every signed-in screen holds the tab's realtime socket, which keeps the unread count (and
  // every chat, swap and calendar query) fresh between polls.
  useRealtimeUpdates(true);
  const unread = useUnreadCount(true);
  // The next page load's first paint follows whoever is signed in on this device now. Reading a
  // cookie is a round trip to the browser's network process: not in the tasks that draw the screen.
  useEffect(() => whenIdle(() => mirrorScheduleTipCookie(user.id)), [user.id]);
  return (
    <ShellFrame header={<AppHeader user={user} unread={unread} />} footer={<BottomTabBar unread={unread} />}>
      <VerifyEmailBanner user={user} />
      {children}
    </ShellFrame>
  );
}

/** What the shell's first render asks for (the unread badge), started with the screen's own. */
export function prefetchFirstData(client: QueryClient) {
  void client.prefetchQuery(unreadCountQueryOptions(true));
}
