export const clinicalGrades = ["student_paramedic", "technician", "paramedic"] as const;
export type ClinicalGrade = (typeof clinicalGrades)[number];

export const shiftTypes = ["day", "night", "rest_day", "annual_leave", "seeking_coverage"] as const;
export type ShiftType = (typeof shiftTypes)[number];

export const swapStatuses = ["pending", "accepted", "declined", "completed", "cancelled"] as const;
export type SwapStatus = (typeof swapStatuses)[number];

export const availabilityStatuses = ["available", "unavailable", "rest"] as const;

export const swapUrgencies = ["urgent", "none", "not_available"] as const;
export type SwapUrgency = (typeof swapUrgencies)[number];

export function gradeLabel(grade: string): string {
  const spaced = grade.replace(/_/g, " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
