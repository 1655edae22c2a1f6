import { CircleAlert } from "lucide-react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useDocumentTitle } from "@/lib/use-document-title";

export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <main className="flex min-h-dvh w-full items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-4 pt-6">
          <div className="flex items-center gap-2">
            <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive" />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-base text-muted-foreground">Did you forget to add the page to the router?</p>
          <Link href="/" className={buttonVariants({ variant: "outline", className: "self-start" })}>
            Go to CrewSwap home
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
