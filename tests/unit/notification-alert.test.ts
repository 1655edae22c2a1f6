import { describe, expect, it } from "vitest";
import { ALERT_AGAIN_AFTER_MS, alertFor } from "@/sw/alert-again";

const at = Date.parse("2026-11-27T06:30:00Z");

describe("a notification replacing the one showing for the same request", () => {
  it("alerts when nothing is showing for that request", () => {
    expect(alertFor(null, at)).toEqual({ alert: true, alertedAt: at });
  });

  it("replaces quietly within the pause, keeping the time of the last alert", () => {
    const first = alertFor(null, at);
    const second = alertFor({ alertedAt: first.alertedAt }, at + 5_000);
    const third = alertFor({ alertedAt: second.alertedAt }, at + 40_000);
    expect(second).toEqual({ alert: false, alertedAt: at });
    expect(third).toEqual({ alert: false, alertedAt: at });
    // A steady trickle does not push the next alert back for ever.
    expect(alertFor({ alertedAt: third.alertedAt }, at + ALERT_AGAIN_AFTER_MS - 1)).toEqual({
      alert: false,
      alertedAt: at,
    });
  });

  it("alerts again once the last alert is at least the pause old", () => {
    expect(alertFor({ alertedAt: at }, at + ALERT_AGAIN_AFTER_MS)).toEqual({
      alert: true,
      alertedAt: at + ALERT_AGAIN_AFTER_MS,
    });
    expect(ALERT_AGAIN_AFTER_MS).toBe(2 * 60_000);
  });

  it("alerts when the notification showing does not say when it alerted, or says a time ahead of now", () => {
    expect(alertFor({}, at)).toEqual({ alert: true, alertedAt: at });
    expect(alertFor({ alertedAt: "yesterday" }, at)).toEqual({ alert: true, alertedAt: at });
    expect(alertFor({ alertedAt: at + 3_600_000 }, at)).toEqual({ alert: true, alertedAt: at });
  });
});
