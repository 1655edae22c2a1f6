import { closeSync, createReadStream, openSync, readSync } from "node:fs";
import { pipeline } from "node:stream/promises";
import { StringDecoder } from "node:string_decoder";
import { createGunzip } from "node:zlib";
import { z } from "zod";
import { CommandError } from "../command";
import { type BackupHeader, END_OF_TABLE } from "./archive";

const headerSchema = z.object({
  format: z.literal("crewswap-backup"),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  schema: z.object({ tag: z.string(), when: z.number() }),
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()).min(1), rows: z.number().int().min(0) })),
  sequences: z.array(z.object({ name: z.string(), value: z.string(), isCalled: z.boolean() })),
});

export type Lines = AsyncIterator<string>;

/** A gzip stream as lines; COPY's text format escapes newlines inside values, so a row is one line. */
async function* linesOf(source: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder("utf8");
  let rest = "";
  for await (const chunk of source) {
    const text = rest + decoder.write(chunk);
    let start = 0;
    for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", start)) {
      yield text.slice(start, nl);
      start = nl + 1;
    }
    rest = text.slice(start);
  }
  rest += decoder.end();
  if (rest) yield rest;
}

function startsLikeGzip(file: string): boolean {
  const fd = openSync(file, "r");
  try {
    const magic = Buffer.alloc(2);
    return readSync(fd, magic, 0, 2, 0) === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}

/** What went wrong with the file itself, in one line an operator can act on. */
function fileProblem(file: string, err: unknown): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  const reason = (err as Error).message;
  if (code === "Z_BUF_ERROR") {
    return new CommandError(`${file} is cut short (its gzip stream ends early): the backup is incomplete`);
  }
  if (code?.startsWith("Z_")) return new CommandError(`${file} is damaged (gzip: ${reason})`);
  if (code === "ENOENT" || code === "EACCES" || code === "EISDIR") {
    return new CommandError(`Cannot read ${file}: ${reason}`);
  }
  return err;
}

/**
 * Reads a backup from its start: the header, then `use` gets the rest line by line. Every fault of
 * the file (not gzip, cut short, flipped bytes, not ours) rejects with one CommandError; gzip's
 * trailer (CRC and length) is checked when `use` has read to the end.
 */
export async function readBackup<T>(file: string, use: (header: BackupHeader, lines: Lines) => Promise<T>): Promise<T> {
  let result: T | undefined;
  try {
    if (!startsLikeGzip(file)) throw new CommandError(`${file} is not a CrewSwap backup (not a gzip file)`);
    await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
      const lines = linesOf(source);
      const first = await lines.next();
      const header = parseHeader(first.done ? "" : first.value);
      if (!header) throw new CommandError(`${file} is not a CrewSwap backup`);
      result = await use(header, lines);
      // Read to the end: gzip's trailer is only checked there.
      if (!(await lines.next()).done) throw new CommandError(`${file} holds more than its header lists: it is damaged`);
    });
  } catch (err) {
    throw fileProblem(file, err);
  }
  return result as T;
}

function parseHeader(line: string): BackupHeader | undefined {
  try {
    const parsed = headerSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** One table's rows as COPY takes them, a batch of lines at a time, up to the table's end marker. */
export async function* tableRows(
  file: string,
  table: BackupHeader["tables"][number],
  lines: Lines,
): AsyncGenerator<string> {
  let batch = "";
  for (;;) {
    const next = await lines.next();
    if (next.done) throw new CommandError(`${file} ends in the middle of table ${table.name}: it is incomplete`);
    if (next.value === END_OF_TABLE) break;
    batch += `${next.value}\n`;
    if (batch.length >= 64 * 1024) {
      yield batch;
      batch = "";
    }
  }
  if (batch) yield batch;
}

/**
 * Reads the whole file and checks it against its header: every table complete, with as many rows
 * as the header counted and as many fields in each row as the table has columns, and nothing after.
 */
export function verifyBackup(file: string): Promise<BackupHeader> {
  return readBackup(file, async (header, lines) => {
    for (const table of header.tables) {
      let rows = 0;
      for await (const batch of tableRows(file, table, lines)) {
        for (const row of batch.slice(0, -1).split("\n")) {
          rows++;
          // COPY's text format escapes a tab inside a value, so the tabs count the fields.
          if (row.split("\t").length !== table.columns.length) {
            throw new CommandError(
              `${file} is damaged: a row of table ${table.name} does not have its ${table.columns.length} fields`,
            );
          }
        }
      }
      if (rows !== table.rows) {
        throw new CommandError(
          `${file} is damaged: table ${table.name} has ${rows} rows where its header counted ${table.rows}`,
        );
      }
    }
    return header;
  });
}
