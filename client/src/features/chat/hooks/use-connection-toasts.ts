import { useEffect } from "react";
import { toast } from "@/components/ui/use-toast";
import { useOnline } from "@/lib/use-online";
import { useSocketStatus } from "./use-socket-status";

export const CONNECTED_TEXT = "Connected to real-time chat";
export const CONNECT_ERROR_TEXT = "Could not connect to chat server. Messages may not update in real-time.";

// Shared by every conversation screen of the tab. A working connection is the normal case and is
// not announced; only losing it, and getting it back after that, are told (once each time).
let announced: "open" | "down" | null = null;

/** SPEC §8 chat socket toasts, shown on the conversation screens. */
export function useConnectionToasts() {
  const status = useSocketStatus();
  // Offline, the banner already says why nothing is live; a red toast on top would only alarm.
  const online = useOnline();
  useEffect(() => {
    if (status === "open" && announced !== "open") {
      const regained = announced === "down";
      announced = "open";
      if (regained) toast({ title: CONNECTED_TEXT });
    } else if (status === "down" && online && announced !== "down") {
      announced = "down";
      toast({ variant: "destructive", title: CONNECT_ERROR_TEXT });
    }
  }, [status, online]);
}
