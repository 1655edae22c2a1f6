/** Workbook limits of the roster import (SPEC §9, DESIGN §5.15); the upload's own is in common/imports.ts. */

/** An .xlsx's ZIP directory is checked against these before anything is unpacked. */
export const ZIP_LIMITS = {
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxEntries: 1000,
  maxRatio: 100,
} as const;

/** Rows below the header of one sheet; a roster of many years still fits. */
export const MAX_DATA_ROWS_PER_SHEET = 20_000;
/** Columns read per sheet; the header must sit within them. */
export const MAX_COLUMNS = 100;
/** Non-blank rows searched for the header at the top of each sheet. */
export const HEADER_SCAN_ROWS = 20;

/** Reading a workbook that takes longer than this is abandoned. */
export const PARSE_TIME_LIMIT_MS = 10_000;
/** Heap of one parsing worker: a hostile file runs out of it instead of the server's memory. */
export const PARSE_HEAP_MB = 512;
/** Workbooks read at the same time; more wait their turn. */
export const MAX_PARALLEL_PARSES = 2;

export const NOTES_MAX = 2000;
export const LOCATION_MAX = 200;
