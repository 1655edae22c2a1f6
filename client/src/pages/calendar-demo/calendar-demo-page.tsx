import { Link } from "wouter";
import { BetaBanner } from "@/components/beta-banner";
import { BrandMark, BrandName } from "@/components/brand";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useDocumentTitle } from "@/lib/use-document-title";

export function CalendarDemoPage() {
  useDocumentTitle("Calendar demo");
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-3xl flex-col gap-6 px-4 py-6">
      <BetaBanner />
      <div className="flex items-center gap-2.5 text-primary">
        <BrandMark className="size-9" />
        <BrandName className="text-2xl text-primary-dark" />
      </div>
      <main className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Calendar demo</h1>
        <Card>
          <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6">
            <p className="text-base text-muted-foreground">
              A sample calendar showing how CrewSwap lays out your shifts is coming soon.
            </p>
            <Link href="/auth" className={buttonVariants({ className: "self-start" })}>
              Get Started
            </Link>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
