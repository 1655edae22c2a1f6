import { describe, expect, it } from "vitest";
import { introMessage } from "../../client/src/features/swaps/intro-message";

describe("the wizard's introductory message", () => {
  it("greets, gives the date and time, lists offers, and signs off with the requester's first name", () => {
    const text = introMessage({
      responderFirstName: "Ben",
      requesterFirstName: "Ava",
      shift: { date: "2026-11-27", shiftType: "day", startTime: "07:00", endTime: "19:00" },
      offers: [{ date: "2026-12-04", shiftType: "seeking_coverage", startTime: "19:00", endTime: "07:00" }],
    });
    expect(text.split("\n")[0]).toBe("Hi Ben,");
    expect(text).toContain("Day Shift on Friday, November 27th, 2026 (7:00 AM – 7:00 PM)");
    expect(text).toContain("- Friday, December 4th, 2026, Night Shift (7:00 PM – 7:00 AM)");
    expect(text.endsWith("Thanks,\nAva")).toBe(true);
  });

  it("addresses everyone for an open request, shows the display fallback without times, and leaves out the offers part", () => {
    const text = introMessage({
      responderFirstName: null,
      requesterFirstName: "Ava",
      shift: { date: "2026-11-28", shiftType: "night", startTime: null, endTime: null },
      offers: [],
    });
    expect(text.startsWith("Hi there,")).toBe(true);
    expect(text).toContain("Night Shift on Saturday, November 28th, 2026 (6:00 PM – 6:00 AM)");
    expect(text).not.toContain("In return");
  });
});
