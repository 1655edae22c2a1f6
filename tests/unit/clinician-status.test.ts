import { describe, expect, it } from "vitest";
import { clinicianStatus } from "../../client/src/features/hubs/clinician-status";

describe("clinician status badge", () => {
  it.each([
    ["urgent", false, "Urgent - Actively seeking swaps", "green"],
    ["urgent", true, "Urgent - Actively seeking swaps", "green"],
    ["normal", false, "Open to swaps", "orange"],
    ["none", true, "Actively seeking swaps", "green"],
    ["none", false, "Not seeking swaps", "red"],
    ["not_available", false, "Not seeking swaps", "red"],
    ["not_available", true, "Not seeking swaps", "red"],
  ])("%s with actively seeking %s reads %s (%s)", (swapUrgency, activelySeekingSwaps, label, tone) => {
    const status = clinicianStatus({ swapUrgency: swapUrgency as "urgent", activelySeekingSwaps });
    expect([status.label, status.tone]).toEqual([label, tone]);
  });
});
