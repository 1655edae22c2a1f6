import { ComingSoon } from "@/components/coming-soon";

export function SwapRequestsPage() {
  return (
    <ComingSoon title="Shift Swap Requests" line="Browsing hubs and managing your swap requests is coming soon." />
  );
}
