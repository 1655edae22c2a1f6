import { describe, expect, it } from "vitest";
import { waitingFor } from "../../client/src/features/swaps/format";
import { isFirstVisit } from "../../common/first-visit";
import type { SwapRequest } from "../../common/swaps";

describe("the dashboard's greeting", () => {
  const signedUp = "2026-11-27T09:15:00.000Z";
  it("greets a brand-new user as new: signed up today and not signed in since", () => {
    expect(isFirstVisit({ createdAt: signedUp, lastLoginAt: signedUp }, "2026-11-27")).toBe(true);
  });
  it("welcomes back anyone who has signed in since, or signed up on an earlier day", () => {
    expect(isFirstVisit({ createdAt: signedUp, lastLoginAt: "2026-11-27T09:40:00.000Z" }, "2026-11-27")).toBe(false);
    expect(isFirstVisit({ createdAt: signedUp, lastLoginAt: signedUp }, "2026-11-28")).toBe(false);
    expect(isFirstVisit({ createdAt: signedUp, lastLoginAt: null }, "2026-11-27")).toBe(false);
  });
});

describe("what a request on the dashboard waits for, as its reader sees it", () => {
  const today = "2026-11-27";
  const request = (over: Partial<SwapRequest>) =>
    ({
      id: 1,
      requesterId: 10,
      responderId: 20,
      status: "pending",
      requesterAgreed: false,
      responderAgreed: false,
      grsSubmitted: false,
      requesterShift: { date: "2026-12-18" },
      ...over,
    }) as SwapRequest;

  it("tells the requester it awaits a response and the responder it needs their answer", () => {
    expect(waitingFor(request({}), 10, today)).toBe("Awaiting response");
    expect(waitingFor(request({}), 20, today)).toBe("Needs your answer");
  });
  it("follows the agreements: whoever has not agreed yet is the one it waits for", () => {
    const requesterAgreed = request({ status: "accepted", requesterAgreed: true });
    expect(waitingFor(requesterAgreed, 10, today)).toBe("Awaiting response");
    expect(waitingFor(requesterAgreed, 20, today)).toBe("Needs your answer");
    const responderAgreed = request({ status: "accepted", responderAgreed: true });
    expect(waitingFor(responderAgreed, 10, today)).toBe("Needs your answer");
    expect(waitingFor(responderAgreed, 20, today)).toBe("Awaiting response");
  });
  it("says 'Looking for match' without a responder and 'Submit on GRS' once completed", () => {
    expect(waitingFor(request({ responderId: null }), 10, today)).toBe("Looking for match");
    const done = request({ status: "completed", requesterAgreed: true, responderAgreed: true });
    expect(waitingFor(done, 10, today)).toBe("Submit on GRS");
    expect(waitingFor(done, 20, today)).toBe("Submit on GRS");
  });
});
