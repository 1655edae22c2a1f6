import { describe, expect, test } from "vitest";
import { reducer, TOAST_LIMIT, TOAST_REMOVE_DELAY } from "../../client/src/components/ui/use-toast";

describe("toast reducer", () => {
  test("keeps at most one toast: the newest", () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    let state = { toasts: [] as Array<{ id: string; title?: string }> };
    state = reducer(state, { type: "ADD_TOAST", toast: { id: "1", title: "Shift added" } });
    state = reducer(state, { type: "ADD_TOAST", toast: { id: "2", title: "Login failed" } });
    expect(state.toasts.map((t) => t.title)).toEqual(["Login failed"]);
  });

  test("dismissing closes a toast; removing drops it", () => {
    let state = reducer({ toasts: [] }, { type: "ADD_TOAST", toast: { id: "7", open: true } });
    state = reducer(state, { type: "DISMISS_TOAST", toastId: "7" });
    expect(state.toasts[0].open).toBe(false);
    state = reducer(state, { type: "REMOVE_TOAST", toastId: "7" });
    expect(state.toasts).toEqual([]);
  });
});
