import { describe, expect, it } from "vitest";
import { coverAlertState, coverShiftWords, needsCoverLine } from "../../common/cover-alert-rules";

describe("coverAlertState", () => {
  const today = "2026-12-01";
  const open = { status: "pending" as const, responderId: null, date: "2026-12-12" };
  it("is open while nobody has taken a future request", () => {
    expect(coverAlertState(open, today)).toBe("open");
  });
  it("is taken once someone is the responder, or it completed", () => {
    expect(coverAlertState({ ...open, responderId: 7 }, today)).toBe("taken");
    expect(coverAlertState({ ...open, status: "accepted", responderId: 7 }, today)).toBe("taken");
    expect(coverAlertState({ ...open, status: "completed", responderId: 7 }, today)).toBe("taken");
  });
  it("is closed once cancelled or declined, or when the shift's day has come", () => {
    expect(coverAlertState({ ...open, status: "cancelled" }, today)).toBe("closed");
    expect(coverAlertState({ ...open, status: "declined", responderId: 7 }, today)).toBe("closed");
    expect(coverAlertState({ ...open, date: today }, today)).toBe("closed");
  });
});

describe("needsCoverLine", () => {
  it("names one or two hubs and counts more", () => {
    expect(needsCoverLine(1, ["Coventry Hub"], "Sat 12 Dec")).toBe(
      "1 colleague at Coventry Hub needs cover on Sat 12 Dec",
    );
    expect(needsCoverLine(2, ["Coventry Hub"], "Sat 12 Dec")).toBe(
      "2 colleagues at Coventry Hub need cover on Sat 12 Dec",
    );
    expect(needsCoverLine(2, ["Coventry Hub", "Stoke Hub"], "Sat 12 Dec")).toBe(
      "2 colleagues at Coventry Hub and Stoke Hub need cover on Sat 12 Dec",
    );
    expect(needsCoverLine(3, ["A Hub", "B Hub", "C Hub"], "Sat 12 Dec")).toBe(
      "3 colleagues at 3 hubs need cover on Sat 12 Dec",
    );
    expect(needsCoverLine(2, [], "Sat 12 Dec")).toBe("2 colleagues need cover on Sat 12 Dec");
  });
});

describe("coverShiftWords", () => {
  it("names day and night shifts as a sentence opens, and a Seeking Coverage entry by its times", () => {
    const at = (shiftType: "day" | "night" | "seeking_coverage", startTime: string | null, endTime: string | null) =>
      coverShiftWords({ shiftType, startTime, endTime });
    expect(at("day", null, null)).toBe("Day shift");
    expect(at("night", "19:00", "07:00")).toBe("Night shift");
    expect(at("seeking_coverage", "07:00", "19:00")).toBe("Day shift");
    expect(at("seeking_coverage", "19:00", "07:00")).toBe("Night shift");
    expect(at("seeking_coverage", null, null)).toBe("Shift");
  });
});
