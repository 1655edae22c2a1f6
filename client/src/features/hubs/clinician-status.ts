import type { HubClinician } from "@common/hub-listing";

export type ClinicianStatus = { label: string; tone: "green" | "orange" | "red"; dot: string; badge: string };

const tones = {
  green: { dot: "bg-[#007f3b]", badge: "border-[#007f3b]/40 bg-[#e5f2eb] text-[#00522a]" },
  orange: { dot: "bg-[#ed8b00]", badge: "border-[#ed8b00]/50 bg-[#fff4e0] text-[#6b3d00]" },
  red: { dot: "bg-[#d5281b]", badge: "border-[#d5281b]/40 bg-[#fbe9e7] text-[#8a1a10]" },
} as const;

/**
 * The status badge of a clinician row (SPEC §4): urgent is green 'Urgent - Actively seeking swaps';
 * normal is orange 'Open to swaps'; no urgency but actively seeking is green 'Actively seeking
 * swaps'; anything else is red 'Not seeking swaps'.
 */
export function clinicianStatus(c: Pick<HubClinician, "swapUrgency" | "activelySeekingSwaps">): ClinicianStatus {
  const urgency = c.swapUrgency as string;
  const pick = (label: string, tone: keyof typeof tones): ClinicianStatus => ({ label, tone, ...tones[tone] });
  if (urgency === "urgent") return pick("Urgent - Actively seeking swaps", "green");
  if (urgency === "normal") return pick("Open to swaps", "orange");
  if (c.activelySeekingSwaps && urgency !== "not_available") return pick("Actively seeking swaps", "green");
  return pick("Not seeking swaps", "red");
}
