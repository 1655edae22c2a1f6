import type { ReactNode } from "react";
import { Link } from "wouter";
import { BetaBanner } from "@/components/beta-banner";
import { BrandMark, BrandName } from "@/components/brand";

/**
 * The frame of every signed-in screen: the header bar (768px and wider), the brand and the beta
 * notice. It is drawn before the session check and the screen's code have arrived, and the server
 * sends the same markup in the page itself (first-paint-markup.tsx), so a phone shows the frame while the
 * scripts download and nothing moves when the app takes over.
 */
export function ShellFrame({
  header = <HeaderBar />,
  footer,
  children,
}: {
  header?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-4 py-2 font-semibold text-primary-dark focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      {header}
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
        {children}
      </main>
      {footer}
    </div>
  );
}

/** The fixed top bar for screens 768px and wider: the home link, then whatever the app adds. */
export function HeaderBar({ children }: { children?: ReactNode }) {
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
        {children}
      </div>
    </header>
  );
}
