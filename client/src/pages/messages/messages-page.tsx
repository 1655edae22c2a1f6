import { ComingSoon } from "@/components/coming-soon";

export function MessagesPage() {
  return <ComingSoon title="Your Conversations" line="Conversations about your swap requests are coming soon." />;
}
