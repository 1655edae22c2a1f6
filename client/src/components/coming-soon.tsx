import { Construction } from "lucide-react";
import type { ReactNode } from "react";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Placeholder for a signed-in screen that a later release fills in. */
export function ComingSoon({ title, line, children }: { title: string; line: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <CardContent className="flex items-start gap-3 pt-5 sm:pt-6">
          <Construction aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <p className="text-base text-muted-foreground">{line}</p>
        </CardContent>
      </Card>
      {children}
    </>
  );
}
