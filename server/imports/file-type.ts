/** The two workbook formats the import reads. */
export type WorkbookKind = "xlsx" | "xls";

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]); // a ZIP local file header
const XLS_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]); // an OLE2 compound file

/** The kind a file name claims, from its extension (case-insensitive), or undefined. */
export function kindFromName(filename: string | undefined): WorkbookKind | undefined {
  const ext = filename
    ?.toLowerCase()
    .trim()
    .match(/\.([a-z0-9]+)$/)?.[1];
  return ext === "xlsx" || ext === "xls" ? ext : undefined;
}

/** True when the bytes begin the way a file of that kind must. */
export function hasMagic(bytes: Uint8Array, kind: WorkbookKind): boolean {
  const magic = kind === "xlsx" ? XLSX_MAGIC : XLS_MAGIC;
  return bytes.length >= magic.length && Buffer.from(bytes.buffer, bytes.byteOffset, magic.length).equals(magic);
}
