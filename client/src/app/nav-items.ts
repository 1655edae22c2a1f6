import { CalendarDays, House, MessageSquare, Search, UserRound } from "lucide-react";
import type { ComponentType, SVGProps } from "react";

export type NavItem = {
  href: string;
  /** Label in the desktop header. */
  headerLabel: string;
  /** Label in the phone tab bar. */
  tabLabel: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Shows the unread-messages badge. */
  unread?: boolean;
  /** Other paths that count as this item (prefix match). */
  match: (path: string) => boolean;
};

const prefix = (base: string) => (path: string) => path === base || path.startsWith(`${base}/`);

export const navItems: NavItem[] = [
  { href: "/dashboard", headerLabel: "Home", tabLabel: "Dashboard", icon: House, match: prefix("/dashboard") },
  { href: "/calendar", headerLabel: "Schedule", tabLabel: "Calendar", icon: CalendarDays, match: prefix("/calendar") },
  {
    href: "/swap-requests",
    headerLabel: "Search hubs",
    tabLabel: "Search",
    icon: Search,
    match: prefix("/swap-requests"),
  },
  {
    href: "/messages",
    headerLabel: "Inbox",
    tabLabel: "Messages",
    icon: MessageSquare,
    unread: true,
    match: prefix("/messages"),
  },
];

export const profileNavItem: NavItem = {
  href: "/profile",
  headerLabel: "Profile",
  tabLabel: "Profile",
  icon: UserRound,
  match: prefix("/profile"),
};
