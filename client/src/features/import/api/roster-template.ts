/** GET /api/shifts/import/template.xlsx: a ready-to-fill roster workbook, fetched as a download link. */
export const ROSTER_TEMPLATE_URL = "/api/shifts/import/template.xlsx";
export const ROSTER_TEMPLATE_FILENAME = "crewswap-roster-template.xlsx";
