import { useEffect } from "react";
import { toast } from "@/components/ui/use-toast";
import { getSocketEpisodes } from "@/lib/socket";
import { useSocketStatus } from "./use-socket-status";

export const CONNECTED_TEXT = "Connected to real-time chat";
export const CONNECT_ERROR_TEXT = "Could not connect to chat server. Messages may not update in real-time.";

// Shared by every conversation screen of the tab: each connection and each loss is announced once.
let announcedOpen = 0;
let announcedDown = 0;

/** SPEC §8 chat socket toasts, shown on the conversation screens. */
export function useConnectionToasts() {
  const status = useSocketStatus();
  useEffect(() => {
    const { opened, down } = getSocketEpisodes();
    if (status === "open" && announcedOpen < opened) {
      announcedOpen = opened;
      toast({ title: CONNECTED_TEXT });
    } else if (status === "down" && announcedDown < down) {
      announcedDown = down;
      toast({ variant: "destructive", title: CONNECT_ERROR_TEXT });
    }
  }, [status]);
}
