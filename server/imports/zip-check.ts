import { inflateRawSync } from "node:zlib";

/** One member of a ZIP archive, as its central directory describes it. */
export type ZipEntry = {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
};

export type ZipLimits = { maxUnpackedBytes: number; maxEntries: number; maxRatio: number };

/** Why an archive is refused: 415 when it is no workbook at all, 400 when it is one we will not unpack. */
export type ZipProblem = { status: 400 | 415; reason: string };

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const NOT_A_ZIP: ZipProblem = { status: 400, reason: "The file is damaged: its ZIP directory cannot be read" };

class Malformed extends Error {}

function u16(b: Buffer, at: number): number {
  if (at < 0 || at + 2 > b.length) throw new Malformed();
  return b.readUInt16LE(at);
}
function u32(b: Buffer, at: number): number {
  if (at < 0 || at + 4 > b.length) throw new Malformed();
  return b.readUInt32LE(at);
}
function u64(b: Buffer, at: number): number {
  if (at < 0 || at + 8 > b.length) throw new Malformed();
  const n = b.readBigUInt64LE(at);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new Malformed();
  return Number(n);
}

function findEndOfDirectory(b: Buffer): number {
  const last = b.length - 22;
  const first = Math.max(0, last - 0xffff);
  for (let i = last; i >= first; i--) {
    if (b[i] === 0x50 && b[i + 1] === 0x4b && u32(b, i) === EOCD) return i;
  }
  throw new Malformed();
}

/** Reads the central directory (ZIP64 included) without unpacking anything. */
export function readZipDirectory(b: Buffer, maxEntries: number): { entries: ZipEntry[] } | ZipProblem {
  try {
    const end = findEndOfDirectory(b);
    let count = u16(b, end + 10);
    let size = u32(b, end + 12);
    let offset = u32(b, end + 16);
    if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
      const locator = end - 20;
      if (u32(b, locator) !== ZIP64_LOCATOR) throw new Malformed();
      const z = u64(b, locator + 8);
      if (u32(b, z) !== ZIP64_EOCD) throw new Malformed();
      count = u64(b, z + 32);
      size = u64(b, z + 40);
      offset = u64(b, z + 48);
    }
    if (count > maxEntries) {
      return {
        status: 400,
        reason: `The workbook has too many parts (${count.toLocaleString("en-GB")}; at most ${maxEntries.toLocaleString("en-GB")})`,
      };
    }
    if (offset + size > b.length) throw new Malformed();
    const entries: ZipEntry[] = [];
    let at = offset;
    for (let i = 0; i < count; i++) {
      if (u32(b, at) !== CENTRAL) throw new Malformed();
      const nameLength = u16(b, at + 28);
      const extraLength = u16(b, at + 30);
      const commentLength = u16(b, at + 32);
      if (at + 46 + nameLength > b.length) throw new Malformed();
      const entry: ZipEntry = {
        name: b.toString("utf8", at + 46, at + 46 + nameLength),
        flags: u16(b, at + 8),
        method: u16(b, at + 10),
        compressedSize: u32(b, at + 20),
        size: u32(b, at + 24),
        localHeaderOffset: u32(b, at + 42),
      };
      readZip64Extra(b, at + 46 + nameLength, extraLength, entry);
      entries.push(entry);
      at += 46 + nameLength + extraLength + commentLength;
    }
    return { entries };
  } catch (error) {
    if (error instanceof Malformed) return NOT_A_ZIP;
    throw error;
  }
}

/** ZIP64 keeps the real sizes of a member in an extra field when the 32-bit ones are saturated. */
function readZip64Extra(b: Buffer, start: number, length: number, entry: ZipEntry) {
  let at = start;
  while (at + 4 <= start + length) {
    const id = u16(b, at);
    const len = u16(b, at + 2);
    if (id === 0x0001) {
      let p = at + 4;
      if (entry.size === 0xffffffff) {
        entry.size = u64(b, p);
        p += 8;
      }
      if (entry.compressedSize === 0xffffffff) {
        entry.compressedSize = u64(b, p);
        p += 8;
      }
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = u64(b, p);
    }
    at += 4 + len;
  }
}

const mb = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

/**
 * Refuses, before anything is unpacked, an archive that is no Excel workbook or that would unpack
 * to too much: more than the byte limit in all, more members than the limit, or an expansion
 * ratio beyond the limit (what a ZIP bomb looks like).
 */
export function checkXlsxArchive(b: Buffer, limits: ZipLimits): ZipProblem | { entries: ZipEntry[] } {
  const dir = readZipDirectory(b, limits.maxEntries);
  if ("status" in dir) return dir;
  const { entries } = dir;
  const names = new Set(entries.map((e) => e.name));
  if (!names.has("[Content_Types].xml") || ![...names].some((n) => n.startsWith("xl/workbook."))) {
    return { status: 415, reason: "Invalid file type: the file is a ZIP archive but not an Excel workbook (.xlsx)" };
  }
  if (entries.some((e) => e.flags & 0x1)) {
    return { status: 400, reason: "The workbook is encrypted. Save it without a password and try again." };
  }
  const unpacked = entries.reduce((sum, e) => sum + e.size, 0);
  if (unpacked > limits.maxUnpackedBytes) {
    return {
      status: 400,
      reason: `The workbook is too large once unpacked (${mb(unpacked)}; at most ${mb(limits.maxUnpackedBytes)})`,
    };
  }
  if (unpacked > limits.maxRatio * b.length) {
    return {
      status: 400,
      reason: `The workbook unpacks to more than ${limits.maxRatio} times its size, which a real roster never does`,
    };
  }
  return { entries };
}

/**
 * Unpacks every member with a hard cap at the size the directory declared, so a file that lies in
 * its directory cannot grow past the checked limits, and returns the same archive with its members
 * stored uncompressed: the workbook reader then never inflates untrusted data itself (and native
 * zlib does that work far faster). Answers a reason instead when the archive is not sound.
 */
export function unpackToStored(b: Buffer, entries: ZipEntry[]): { archive: Buffer } | { reason: string } {
  try {
    const parts: Buffer[] = [];
    const directory: Buffer[] = [];
    let offset = 0;
    for (const e of entries) {
      if (u32(b, e.localHeaderOffset) !== LOCAL) return { reason: NOT_A_ZIP.reason };
      const dataStart = e.localHeaderOffset + 30 + u16(b, e.localHeaderOffset + 26) + u16(b, e.localHeaderOffset + 28);
      const data = b.subarray(dataStart, dataStart + e.compressedSize);
      if (data.length !== e.compressedSize) return { reason: NOT_A_ZIP.reason };
      let raw: Buffer;
      if (e.method === 0) {
        if (e.compressedSize !== e.size) return { reason: NOT_A_ZIP.reason };
        raw = data;
      } else if (e.method === 8) {
        raw = inflateRawSync(data, { maxOutputLength: Math.max(1, e.size) });
        if (raw.length !== e.size) return { reason: NOT_A_ZIP.reason };
      } else {
        return { reason: "The workbook uses a compression method Excel does not" };
      }
      const name = Buffer.from(e.name, "utf8");
      const local = Buffer.alloc(30);
      local.writeUInt32LE(LOCAL, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt32LE(raw.length, 18);
      local.writeUInt32LE(raw.length, 22);
      local.writeUInt16LE(name.length, 26);
      const central = Buffer.alloc(46);
      central.writeUInt32LE(CENTRAL, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt32LE(raw.length, 20);
      central.writeUInt32LE(raw.length, 24);
      central.writeUInt16LE(name.length, 28);
      central.writeUInt32LE(offset, 42);
      parts.push(local, name, raw);
      directory.push(central, name);
      offset += 30 + name.length + raw.length;
    }
    const dir = Buffer.concat(directory);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(EOCD, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(dir.length, 12);
    end.writeUInt32LE(offset, 16);
    return { archive: Buffer.concat([...parts, dir, end]) };
  } catch (error) {
    if (error instanceof Malformed) return { reason: NOT_A_ZIP.reason };
    if (error instanceof RangeError || (error as NodeJS.ErrnoException).code?.startsWith("Z_")) {
      return { reason: "The workbook unpacks to more than its directory declares, so it was not read" };
    }
    throw error;
  }
}
