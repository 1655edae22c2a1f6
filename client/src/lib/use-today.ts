import { todayInLondon } from "@common/dates";
import { useEffect, useState } from "react";
import { msUntilNextLondonDay } from "./dates";

/**
 * Today's Europe/London day, updated the moment the date changes (a timer set for London midnight,
 * checked again when the tab becomes visible, since timers sleep in background tabs).
 */
export function useToday(): string {
  const [today, setToday] = useState(todayInLondon);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setToday(todayInLondon());
      clearTimeout(timer);
      timer = setTimeout(tick, msUntilNextLondonDay());
    };
    timer = setTimeout(tick, msUntilNextLondonDay());
    document.addEventListener("visibilitychange", tick);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, []);
  return today;
}
