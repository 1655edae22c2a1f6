import { type ComponentType, lazy, type ReactNode, Suspense, useDeferredValue } from "react";
import { Redirect, Route, Switch } from "wouter";
import { AuthPending, SignedInPending } from "@/app/pending-frames";
import { PageSpinner } from "@/components/ui/spinner";
import { returnPath, signInPathFor } from "@/lib/return-to";
import { useUser } from "@/lib/user";

// Every screen is its own chunk, so the entry holds only what all of them need. Each loader is
// named so the entry can start the current screen's download before React renders (preloadRoute).
const load = {
  auth: () => import("@/pages/auth/auth-page"),
  appShell: () => import("@/app/app-shell"),
  dashboard: () => import("@/pages/dashboard/dashboard-page"),
  calendar: () => import("@/pages/calendar/calendar-page"),
  swapRequests: () => import("@/pages/swap-requests/swap-requests-page"),
  messages: () => import("@/pages/messages/messages-page"),
  conversation: () => import("@/pages/conversation/conversation-page"),
  profile: () => import("@/pages/profile/profile-page"),
  calendarDemo: () => import("@/pages/calendar-demo/calendar-demo-page"),
  resetPassword: () => import("@/pages/reset-password/reset-password-page"),
  notFound: () => import("@/pages/not-found/not-found-page"),
};

const AuthPage = lazy(() => load.auth().then((m) => ({ default: m.AuthPage })));
const AppShell = lazy(() => load.appShell().then((m) => ({ default: m.AppShell })));
const DashboardPage = lazy(() => load.dashboard().then((m) => ({ default: m.DashboardPage })));
const CalendarPage = lazy(() => load.calendar().then((m) => ({ default: m.CalendarPage })));
const SwapRequestsPage = lazy(() => load.swapRequests().then((m) => ({ default: m.SwapRequestsPage })));
const MessagesPage = lazy(() => load.messages().then((m) => ({ default: m.MessagesPage })));
const ConversationPage = lazy(() => load.conversation().then((m) => ({ default: m.ConversationPage })));
const ProfilePage = lazy(() => load.profile().then((m) => ({ default: m.ProfilePage })));
const CalendarDemoPage = lazy(() => load.calendarDemo().then((m) => ({ default: m.CalendarDemoPage })));
const ResetPasswordPage = lazy(() => load.resetPassword().then((m) => ({ default: m.ResetPasswordPage })));
const NotFoundPage = lazy(() => load.notFound().then((m) => ({ default: m.NotFoundPage })));

const signedInScreens: [RegExp, () => Promise<unknown>][] = [
  [/^\/dashboard\/?$/, load.dashboard],
  [/^\/calendar(\/|$)/, load.calendar],
  [/^\/swap-requests\/?$/, load.swapRequests],
  [/^\/messages\/?$/, load.messages],
  [/^\/messages\/[^/]+\/?$/, load.conversation],
  [/^\/profile\/?$/, load.profile],
];

/**
 * Starts downloading the screen at `pathname` (and, for a signed-in screen, the app shell) while
 * the session check is still in flight, instead of after it: one round trip fewer on a phone.
 */
export function preloadRoute(pathname: string) {
  const screen = signedInScreens.find(([pattern]) => pattern.test(pathname));
  const started = screen
    ? [load.appShell(), screen[1]()]
    : ["/", "/auth", "/forgot-password"].includes(pathname)
      ? [load.auth()]
      : [];
  // A failed download surfaces where the screen itself imports it; here it is only a head start.
  for (const p of started) p.catch(() => undefined);
}

/** A signed-in screen: its frame while the user loads, back to / when signed out, else the app shell. */
function Protected({ page: Page }: { page: ComponentType }) {
  const { user, isPending } = useUser();
  // Mounting the app shell and the screen is the largest piece of work on a phone: it renders in
  // the background, in slices, while the frame stays on screen and the page stays responsive.
  const pending = useDeferredValue(isPending, true);
  if (pending) return <SignedInPending />;
  // A link from a notification, a mail or a bookmark comes back here after sign-in.
  if (!user) return <Redirect to={signInPathFor(window.location.pathname + window.location.search)} replace />;
  return (
    <Suspense fallback={<SignedInPending label="Loading" />}>
      <AppShell user={user}>
        <Suspense fallback={<PageSpinner />}>
          <Page />
        </Suspense>
      </AppShell>
    </Suspense>
  );
}

/** The sign-in page: signed-in visitors go straight to the dashboard. */
function SignedOutOnly({ children }: { children: ReactNode }) {
  const { user, isPending } = useUser();
  if (isPending) return <AuthPending view="signin" />;
  if (user) return <Redirect to={returnPath()} replace />;
  return <Suspense fallback={<AuthPending view="signin" label="Loading" />}>{children}</Suspense>;
}

function Public({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <SignedOutOnly>
          <AuthPage />
        </SignedOutOnly>
      </Route>
      <Route path="/auth">
        <SignedOutOnly>
          <AuthPage />
        </SignedOutOnly>
      </Route>
      <Route path="/forgot-password">
        <Suspense fallback={<AuthPending view="forgot" label="Loading" />}>
          <AuthPage initialView="forgot" />
        </Suspense>
      </Route>
      <Route path="/reset-password">
        <Public>
          <ResetPasswordPage />
        </Public>
      </Route>
      <Route path="/calendar-demo">
        <Public>
          <CalendarDemoPage />
        </Public>
      </Route>
      <Route path="/dashboard">
        <Protected page={DashboardPage} />
      </Route>
      <Route path="/calendar/*?">
        <Protected page={CalendarPage} />
      </Route>
      <Route path="/swap-requests">
        <Protected page={SwapRequestsPage} />
      </Route>
      <Route path="/messages">
        <Protected page={MessagesPage} />
      </Route>
      <Route path="/messages/:id">
        <Protected page={ConversationPage} />
      </Route>
      <Route path="/profile">
        <Protected page={ProfilePage} />
      </Route>
      <Route>
        <Public>
          <NotFoundPage />
        </Public>
      </Route>
    </Switch>
  );
}
