import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { PageSpinner } from "@/components/ui/spinner";
import { useUser } from "@/features/auth/api/get-user";
import { AuthPage } from "@/pages/auth/auth-page";

const AppShell = lazy(() => import("@/components/app-shell").then((m) => ({ default: m.AppShell })));
const DashboardPage = lazy(() =>
  import("@/pages/dashboard/dashboard-page").then((m) => ({ default: m.DashboardPage })),
);
const CalendarPage = lazy(() => import("@/pages/calendar/calendar-page").then((m) => ({ default: m.CalendarPage })));
const SwapRequestsPage = lazy(() =>
  import("@/pages/swap-requests/swap-requests-page").then((m) => ({ default: m.SwapRequestsPage })),
);
const MessagesPage = lazy(() => import("@/pages/messages/messages-page").then((m) => ({ default: m.MessagesPage })));
const ConversationPage = lazy(() =>
  import("@/pages/conversation/conversation-page").then((m) => ({ default: m.ConversationPage })),
);
const ProfilePage = lazy(() => import("@/pages/profile/profile-page").then((m) => ({ default: m.ProfilePage })));
const CalendarDemoPage = lazy(() =>
  import("@/pages/calendar-demo/calendar-demo-page").then((m) => ({ default: m.CalendarDemoPage })),
);
const ResetPasswordPage = lazy(() =>
  import("@/pages/reset-password/reset-password-page").then((m) => ({ default: m.ResetPasswordPage })),
);
const NotFoundPage = lazy(() => import("@/pages/not-found/not-found-page").then((m) => ({ default: m.NotFoundPage })));

/** A signed-in screen: spinner while the user loads, back to / when signed out, else the app shell. */
function Protected({ page: Page }: { page: ComponentType }) {
  const { user, isPending } = useUser();
  if (isPending) return <PageSpinner label="Checking your session" />;
  if (!user) return <Redirect to="/" replace />;
  return (
    <Suspense fallback={<PageSpinner />}>
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
  if (isPending) return <PageSpinner label="Checking your session" />;
  if (user) return <Redirect to="/dashboard" replace />;
  return <>{children}</>;
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
        <AuthPage initialView="forgot" />
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
