import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { swapStatuses } from "../../common/enums";
import {
  allowedActions,
  coveredShiftType,
  decide,
  OFFER_LIMIT_MESSAGE,
  requesterShiftIssue,
  type SwapAction,
  type SwapRole,
  type SwapState,
} from "../../common/swap-rules";
import { createSwapRequestSchema, updateSwapRequestSchema } from "../../common/swaps";

const pending: SwapState = { status: "pending", requesterAgreed: false, responderAgreed: false, hasResponder: true };
const acceptedByRequester: SwapState = { ...pending, status: "accepted", requesterAgreed: true };
const acceptedByResponder: SwapState = { ...pending, status: "accepted", responderAgreed: true };
const declined: SwapState = { ...pending, status: "declined" };
const completed: SwapState = { status: "completed", requesterAgreed: true, responderAgreed: true, hasResponder: true };
const cancelled: SwapState = { ...pending, status: "cancelled" };
const open: SwapState = { ...pending, hasResponder: false };

describe("decide", () => {
  it("records the first agreement and completes on the second", () => {
    expect(decide("agree", "requester", pending)).toEqual({
      ok: true,
      completes: false,
      next: { status: "accepted", requesterAgreed: true, responderAgreed: false },
    });
    expect(decide("agree", "responder", acceptedByRequester)).toEqual({
      ok: true,
      completes: true,
      next: { status: "completed", requesterAgreed: true, responderAgreed: true },
    });
    expect(decide("agree", "requester", acceptedByResponder)).toMatchObject({ ok: true, completes: true });
  });

  it("refuses agreeing twice, without a responder, and in closed states", () => {
    expect(decide("agree", "requester", acceptedByRequester)).toMatchObject({ ok: false, status: 409 });
    expect(decide("agree", "requester", open)).toMatchObject({ ok: false, status: 409 });
    for (const s of [declined, completed, cancelled]) {
      expect(decide("agree", "responder", s)).toMatchObject({ ok: false, status: 409 });
    }
  });

  it("withdrawing returns to pending; only one's own agreement", () => {
    expect(decide("unagree", "responder", acceptedByResponder)).toMatchObject({
      ok: true,
      next: { status: "pending", requesterAgreed: false, responderAgreed: false },
    });
    expect(decide("unagree", "responder", acceptedByRequester)).toMatchObject({ ok: false, status: 409 });
    expect(decide("unagree", "requester", completed)).toMatchObject({ ok: false, status: 409 });
  });

  it("checks party, then role, then state", () => {
    expect(decide("reject", "other", completed)).toMatchObject({ status: 404 });
    expect(decide("reject", "requester", completed)).toMatchObject({ status: 403 });
    expect(decide("reject", "responder", completed)).toMatchObject({ status: 409 });
    expect(decide("cancel", "responder", pending)).toMatchObject({ status: 403 });
    expect(decide("undoDecline", "requester", declined)).toMatchObject({ status: 403 });
    expect(decide("undoDecline", "responder", declined)).toMatchObject({ ok: true, next: { status: "pending" } });
  });

  it("offering to cover needs an open request and someone other than the requester", () => {
    expect(decide("offerToCover", "other", open)).toMatchObject({ ok: true, next: { status: "pending" } });
    expect(decide("offerToCover", "requester", open)).toMatchObject({ status: 403 });
    // A request that already has a responder is not listed to outsiders: 404, as if it did not exist.
    expect(decide("offerToCover", "other", pending)).toMatchObject({ status: 404 });
  });

  const roles: SwapRole[] = ["requester", "responder", "other"];
  const actions: SwapAction[] = ["agree", "unagree", "reject", "undoDecline", "cancel", "edit", "delete", "grs"];
  const stateArb = fc.record({
    status: fc.constantFrom(...swapStatuses),
    requesterAgreed: fc.boolean(),
    responderAgreed: fc.boolean(),
    hasResponder: fc.boolean(),
  });

  it("never changes a completed swap except the GRS ticks, and never lets a non-party act", () => {
    fc.assert(
      fc.property(stateArb, fc.constantFrom(...actions), fc.constantFrom(...roles), (s, action, role) => {
        const d = decide(action, role, s);
        if (role === "other") expect(d).toMatchObject({ ok: false, status: 404 });
        if (s.status === "completed" && d.ok) {
          expect(action).toBe("grs");
          expect(d.next).toEqual({
            status: "completed",
            requesterAgreed: s.requesterAgreed,
            responderAgreed: s.responderAgreed,
          });
        }
        if (d.ok && d.next !== "deleted" && s.status !== "completed" && d.next.status === "completed") {
          expect(d.completes).toBe(true);
        }
      }),
    );
  });

  it("allowedActions mirrors decide", () => {
    expect(allowedActions("responder", acceptedByRequester).sort()).toEqual(["agree", "delete", "reject"].sort());
    expect(allowedActions("requester", acceptedByRequester).sort()).toEqual(
      ["cancel", "delete", "edit", "unagree"].sort(),
    );
    expect(allowedActions("requester", completed)).toEqual(["grs"]);
  });
});

describe("eligibility and conversion rules", () => {
  const today = "2026-03-10";
  it("only future, unprotected day or night shifts can be swapped", () => {
    expect(requesterShiftIssue({ shiftType: "day", isProtected: false, date: "2026-03-11" }, today)).toBeNull();
    expect(requesterShiftIssue({ shiftType: "night", isProtected: false, date: today }, today)).toMatch(/after today/);
    expect(requesterShiftIssue({ shiftType: "day", isProtected: true, date: "2026-04-01" }, today)).toMatch(
      /Protected/,
    );
    for (const t of ["rest_day", "annual_leave", "seeking_coverage"] as const) {
      expect(requesterShiftIssue({ shiftType: t, isProtected: false, date: "2026-04-01" }, today)).toMatch(
        /day and night/,
      );
    }
  });

  it("a covered shift is a day or night shift by the same rule as imports (isNightByTimes)", () => {
    const t = (startTime: string | null, endTime: string | null) => coveredShiftType({ startTime, endTime });
    expect(t("07:00", "19:00")).toBe("day");
    expect(t("14:00", "22:00")).toBe("day");
    expect(t("16:00", "23:45")).toBe("day");
    expect(t("19:00", "07:00")).toBe("night");
    expect(t("22:00", "06:00")).toBe("night");
    expect(t("02:00", "10:00")).toBe("night");
    expect(t("04:00", "16:00")).toBe("night");
    expect(t(null, null)).toBe("day");
  });
});

describe("contracts", () => {
  it("caps offers at 3 with the SPEC text", () => {
    const r = createSwapRequestSchema.safeParse({ requesterShiftId: 1, offerShiftIds: [1, 2, 3, 4] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(OFFER_LIMIT_MESSAGE);
    expect(createSwapRequestSchema.safeParse({ requesterShiftId: 1, offerShiftIds: [1, 2, 3] }).success).toBe(true);
    expect(createSwapRequestSchema.safeParse({ requesterShiftId: 1, offerShiftIds: [2, 2] }).success).toBe(false);
  });

  it("a PATCH is one kind of change", () => {
    expect(updateSwapRequestSchema.safeParse({ status: "cancelled" }).success).toBe(true);
    expect(updateSwapRequestSchema.safeParse({ grsSubmitted: true, grsApproved: false }).success).toBe(true);
    expect(updateSwapRequestSchema.safeParse({ offerShiftIds: [], responderId: 3 }).success).toBe(true);
    expect(updateSwapRequestSchema.safeParse({}).success).toBe(false);
    expect(updateSwapRequestSchema.safeParse({ status: "cancelled", offerShiftIds: [] }).success).toBe(false);
    expect(updateSwapRequestSchema.safeParse({ status: "completed" }).success).toBe(false);
  });
});
