import type { QueryClient } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useDeferredValue, useEffect } from "react";
import { Redirect, Route, Switch } from "wouter";
import { restored } from "@/lib/persisted-query-client";
import { type PreloadableComponent, preloadableLazy, useArrived } from "@/lib/preloadable-lazy";
import { returnPath, signInPathFor } from "@/lib/return-to";
import { registerScreenPreload } from "@/lib/screen-preload";
import { userQueryOptions, useUser } from "@/lib/user";
import { whenIdle } from "@/lib/when-idle";

// The frames and spinners drawn while a screen loads, and the UI kit they use, are a chunk of their
// own that the server names beside each screen's (first-frames.ts): the entry stays what every
// screen needs to start. React's first render, in a transition (main.tsx), waits for them while the
// page's own first paint, the same frame, stays on screen.
const frames = () => import("@/first-frames");
const SignedInPending = preloadableLazy(() => frames().then((m) => m.SignedInPending));
const AuthPending = preloadableLazy(() => frames().then((m) => m.AuthPending));
const PageSpinner = preloadableLazy(() => frames().then((m) => m.PageSpinner));
const CalendarPendingHead = preloadableLazy(() => frames().then((m) => m.CalendarPendingHead));
const SwapRequestsPendingHead = preloadableLazy(() => frames().then((m) => m.SwapRequestsPendingHead));
const FRAMES = [SignedInPending, AuthPending, PageSpinner, CalendarPendingHead, SwapRequestsPendingHead];

// Every screen is its own chunk, so the entry holds only what all of them need. The entry starts
// the current screen's download before React renders (preloadRoute), so that by the time the
// session check answers, the screen usually renders without suspending.
const AuthPage = preloadableLazy(() => import("@/pages/auth/auth-page").then((m) => m.AuthPage));
const AppShell = preloadableLazy(() => import("@/app/app-shell").then((m) => m.AppShell));
const DashboardPage = preloadableLazy(() => import("@/pages/dashboard/dashboard-page").then((m) => m.DashboardPage));
const CalendarPage = preloadableLazy(() => import("@/pages/calendar/calendar-page").then((m) => m.CalendarPage));
const SwapRequestsPage = preloadableLazy(() =>
  import("@/pages/swap-requests/swap-requests-page").then((m) => m.SwapRequestsPage),
);
const MessagesPage = preloadableLazy(() => import("@/pages/messages/messages-page").then((m) => m.MessagesPage));
const ConversationPage = preloadableLazy(() =>
  import("@/pages/conversation/conversation-page").then((m) => m.ConversationPage),
);
const ProfilePage = preloadableLazy(() => import("@/pages/profile/profile-page").then((m) => m.ProfilePage));
const CalendarDemoPage = lazy(() =>
  import("@/pages/calendar-demo/calendar-demo-page").then((m) => ({ default: m.CalendarDemoPage })),
);
const ResetPasswordPage = lazy(() =>
  import("@/pages/reset-password/reset-password-page").then((m) => ({ default: m.ResetPasswordPage })),
);
const NotFoundPage = lazy(() => import("@/pages/not-found/not-found-page").then((m) => ({ default: m.NotFoundPage })));

type FirstData = (client: QueryClient, pathname: string) => void;

/** Each signed-in screen: its address, its code, and what its first render asks the server for. */
const signedInScreens: [RegExp, PreloadableComponent<object>, () => Promise<FirstData>][] = [
  [
    /^\/dashboard\/?$/,
    DashboardPage,
    () => import("@/pages/dashboard/dashboard-page").then((m) => m.prefetchFirstData),
  ],
  [/^\/calendar(\/|$)/, CalendarPage, () => import("@/pages/calendar/calendar-page").then((m) => m.prefetchFirstData)],
  [
    /^\/swap-requests\/?$/,
    SwapRequestsPage,
    () => import("@/pages/swap-requests/swap-requests-page").then((m) => m.prefetchFirstData),
  ],
  [/^\/messages\/?$/, MessagesPage, () => import("@/pages/messages/messages-page").then((m) => m.prefetchFirstData)],
  [
    /^\/messages\/[^/]+\/?$/,
    ConversationPage,
    () => import("@/pages/conversation/conversation-page").then((m) => m.prefetchFirstData),
  ],
  [/^\/profile\/?$/, ProfilePage, () => import("@/pages/profile/profile-page").then((m) => m.prefetchFirstData)],
];

/**
 * Starts downloading the screen at `pathname` (and, for a signed-in screen, the app shell) while
 * the session check is still in flight, instead of after it: one round trip fewer on a phone.
 * Once the session says someone is signed in (and not before: a signed-out request would answer
 * 401), the screen's first data is asked for too, while its code still runs, rather than from the
 * effects of the commit that mounts it: the data arrives sooner, and that commit does less.
 */
export function preloadRoute(pathname: string, client: QueryClient) {
  const screen = signedInScreens.find(([pattern]) => pattern.test(pathname));
  const code = screen
    ? [AppShell.preload(), screen[1].preload()]
    : ["/", "/auth", "/forgot-password"].includes(pathname)
      ? [AuthPage.preload()]
      : [];
  // All of them, whatever the screen: once here, none suspends on a later move between screens.
  const started = [...code, ...FRAMES.map((frame) => frame.preload())];
  // A failed download surfaces where the screen itself imports it; here it is only a head start.
  for (const p of started) p.catch(() => undefined);
  if (!screen) return;
  const signedIn = client.ensureQueryData(userQueryOptions());
  // After the offline copy too, which would otherwise overwrite a failed answer and ask again.
  const ask = (data: Promise<FirstData>) =>
    Promise.all([signedIn, data, restored])
      .then(([user, first]) => user && first(client, pathname))
      // The screen asks again as it mounts, and shows its own error.
      .catch(() => undefined);
  void ask(screen[2]());
  void ask(import("@/app/app-shell").then((m) => m.prefetchFirstData));
}

// A link about to be pressed (lib/screen-preload.ts) starts its screen's download: a screen whose
// code has arrived renders without a spinner.
registerScreenPreload((pathname) => {
  const screen = signedInScreens.find(([pattern]) => pattern.test(pathname));
  screen?.[1].preload().catch(() => undefined);
});

/**
 * The code of every other signed-in screen, from the user's first sign of life after the first
 * screen (a pointer that moves or presses, a key, a scroll), so a tab pressed later shows its
 * screen at once. Not in an idle moment right after load: that fetched and ran them (the profile's
 * form library included) while the first screen was still being measured, and nobody may ever
 * open them. The service worker fetches every file anyway when it installs; this only gets them
 * into the page.
 */
function usePreloadOtherScreens(ready: boolean) {
  useEffect(() => {
    if (!ready) return;
    const events = ["pointermove", "pointerdown", "keydown", "scroll"] as const;
    const preloadAll = () => {
      stop();
      whenIdle(() => {
        for (const [, page] of signedInScreens) page.preload().catch(() => undefined);
      });
    };
    const stop = () => {
      for (const e of events) window.removeEventListener(e, preloadAll, true);
    };
    for (const e of events) window.addEventListener(e, preloadAll, { capture: true, passive: true });
    return stop;
  }, [ready]);
}

/** A signed-in screen: its frame while the user loads, back to / when signed out, else the app shell. */
function Protected({ page: Page, head }: { page: PreloadableComponent<object>; head?: ReactNode }) {
  const { user, isPending } = useUser();
  // The first screen waits in the frame for its code as well as for the session: rendered before
  // its code, it would suspend, and React reveals suspended content late (300 ms) in one long task.
  const arrived = useArrived(AppShell, Page);
  // Mounting the app shell and the screen is the largest piece of work on a phone: it renders in
  // the background, in slices, while the frame stays on screen and the page stays responsive.
  const pending = useDeferredValue(isPending || (user !== null && !arrived), true);
  usePreloadOtherScreens(!pending && user !== null);
  if (pending) return <SignedInPending head={head} />;
  // A link from a notification, a mail or a bookmark comes back here after sign-in.
  if (!user) return <Redirect to={signInPathFor(window.location.pathname + window.location.search)} replace />;
  return (
    <Suspense fallback={<SignedInPending label="Loading" head={head} />}>
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
        <Protected page={CalendarPage} head={<CalendarPendingHead />} />
      </Route>
      <Route path="/swap-requests">
        <Protected page={SwapRequestsPage} head={<SwapRequestsPendingHead />} />
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
