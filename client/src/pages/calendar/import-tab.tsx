import { Card, CardContent } from "@/components/ui/card";

/** Placeholder until the roster import screen is wired in here. */
export function ImportTab() {
  return (
    <Card>
      <CardContent className="pt-5 sm:pt-6">
        <p className="text-base text-muted-foreground">Spreadsheet import of your roster is coming soon.</p>
      </CardContent>
    </Card>
  );
}
