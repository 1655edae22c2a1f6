import { useEffect } from "react";
import { toast } from "@/components/ui/use-toast";
import { useSocketStatus } from "./use-socket-status";

export const CONNECTED_TEXT = "Connected to real-time chat";
export const CONNECT_ERROR_TEXT = "Could not connect to chat server. Messages may not update in real-time.";

// Shared by every conversation screen of the tab: only a change of state is announced, so moving
// between conversations stays quiet while a lost and regained connection is told each time.
let announced: "open" | "down" | null = null;

/** SPEC §8 chat socket toasts, shown on the conversation screens. */
export function useConnectionToasts() {
  const status = useSocketStatus();
  useEffect(() => {
    if (status === "open" && announced !== "open") {
      announced = "open";
      toast({ title: CONNECTED_TEXT });
    } else if (status === "down" && announced !== "down") {
      announced = "down";
      toast({ variant: "destructive", title: CONNECT_ERROR_TEXT });
    }
  }, [status]);
}
