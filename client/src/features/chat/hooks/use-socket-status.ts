import { useSyncExternalStore } from "react";
import { getSocketStatus, onSocketStatus, type SocketStatus } from "@/lib/socket";

/** The realtime socket's state; screens poll while it is not "open". */
export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(onSocketStatus, getSocketStatus, getSocketStatus);
}
