import { describe, expect, it } from "vitest";
import { isSwapColleague, sameGrade } from "../../common/swap-rules";

const verified = new Date("2026-01-01T00:00:00Z");
const me = { id: 1, clinicalGrade: "paramedic" as const, emailVerifiedAt: verified };

describe("who a clinician swaps with", () => {
  it("is a colleague of the same grade who has proved their address", () => {
    expect(isSwapColleague(me, { id: 2, clinicalGrade: "paramedic", emailVerifiedAt: verified })).toBe(true);
  });

  it("is never a clinician of another grade", () => {
    expect(isSwapColleague(me, { id: 2, clinicalGrade: "technician", emailVerifiedAt: verified })).toBe(false);
    expect(sameGrade(me, { clinicalGrade: "student_paramedic" })).toBe(false);
    expect(sameGrade(me, { clinicalGrade: "paramedic" })).toBe(true);
  });

  it("is never one who has not proved their address, nor oneself", () => {
    expect(isSwapColleague(me, { id: 2, clinicalGrade: "paramedic", emailVerifiedAt: null })).toBe(false);
    expect(isSwapColleague(me, me)).toBe(false);
  });
});
