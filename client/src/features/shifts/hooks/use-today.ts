import { useEffect, useState } from "react";
import { todayInLondon } from "../../../../../common/dates";

/** Today's Europe/London day, updated when the date changes (SPEC §4: calendar data refreshes then). */
export function useToday(): string {
  const [today, setToday] = useState(todayInLondon);
  useEffect(() => {
    const tick = () => setToday(todayInLondon());
    const timer = setInterval(tick, 60_000);
    document.addEventListener("visibilitychange", tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, []);
  return today;
}
