import type { SequenceValue, TableInfo } from "./tables";

/**
 * A backup file is gzip over: one JSON line (this header), then each table's rows as PostgreSQL's
 * COPY text format writes them (one line per row), each table ending with COPY's own end marker.
 */
export type BackupHeader = {
  format: "crewswap-backup";
  formatVersion: 1;
  createdAt: string;
  /** The newest migration applied to the database it was taken from (drizzle's journal). */
  schema: { tag: string; when: number };
  tables: (TableInfo & { rows: number })[];
  sequences: SequenceValue[];
};

export const END_OF_TABLE = "\\.";
