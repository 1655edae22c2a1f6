import { useEffect } from "react";

/** Sets the browser tab title; `exact` uses the title as given, otherwise "{title} · CrewSwap". */
export function useDocumentTitle(title: string, exact = false) {
  useEffect(() => {
    document.title = exact ? title : `${title} · CrewSwap`;
  }, [title, exact]);
}
