import { OFFLINE_REASON, OFFLINE_REASON_ID } from "@/lib/use-online";

/**
 * Rendered once near the root: the description every control disabled offline points to. Hidden
 * from view and from reading order; a description is still taken from a hidden element.
 */
export function OfflineReason() {
  return (
    <span id={OFFLINE_REASON_ID} hidden>
      {OFFLINE_REASON}
    </span>
  );
}
