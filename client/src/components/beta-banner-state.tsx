import { createContext, type ReactNode, useMemo, useState } from "react";

export type BetaBannerState = { open: boolean; close: () => void };

/** Kept apart from the banner itself: the provider is in the entry, the banner loads with the frames. */
export const BetaBannerContext = createContext<BetaBannerState | null>(null);

/** Holds the banner's visibility for this page session only (React state, no storage). */
export function BetaBannerProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const value = useMemo(() => ({ open, close: () => setOpen(false) }), [open]);
  return <BetaBannerContext.Provider value={value}>{children}</BetaBannerContext.Provider>;
}
