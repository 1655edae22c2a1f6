import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../server/db/schema";

/**
 * docs/architecture.md: SQL lives in a feature's queries files (queries.ts, or *-queries.ts where
 * one would pass 300 lines) and names tables and columns through the Drizzle schema, so a rename in
 * server/db/schema.ts fails `tsc`. server/db is the database layer itself; server/backup copies
 * whole tables through the driver.
 */
const root = path.resolve(import.meta.dirname, "../../server");
const sqlUse = /\b(?:db|tx)\s*\.\s*(?:select|insert|update|delete|execute)\(|\bsql`|\bsql\.raw\(/;
const driverUse = /\bclient\s*\.\s*query\(/;

function files(dir: string, exempt: string[]): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return exempt.includes(path.relative(root, full)) ? [] : files(full, exempt);
    return e.name.endsWith(".ts") ? [full] : [];
  });
}

/** Index just past the template literal whose opening backtick is at `start`. */
function templateEnd(src: string, start: number): number {
  let i = start + 1;
  while (i < src.length && src[i] !== "`") {
    if (src[i] === "\\") i += 2;
    else if (src[i] === "$" && src[i + 1] === "{") i = expressionEnd(src, i + 2);
    else i++;
  }
  return i + 1;
}

/** Index just past the `}` closing the template expression that starts at `start`. */
function expressionEnd(src: string, start: number): number {
  let depth = 1;
  let i = start;
  while (i < src.length && depth > 0) {
    const ch = src[i];
    if (ch === "`") i = templateEnd(src, i);
    else if (ch === '"' || ch === "'") {
      i++;
      while (i < src.length && src[i] !== ch) i += src[i] === "\\" ? 2 : 1;
      i++;
    } else {
      if (ch === "{") depth++;
      if (ch === "}") depth--;
      i++;
    }
  }
  return i;
}

/** The literal text of every sql`...` template and sql.raw(`...`) string, without the ${} parts. */
function sqlTexts(src: string): string[] {
  const out: string[] = [];
  for (const m of src.matchAll(/\bsql(?:`|\.raw\(\s*`)/g)) {
    const open = (m.index ?? 0) + m[0].length - 1;
    const end = templateEnd(src, open);
    let text = "";
    let i = open + 1;
    while (i < end - 1) {
      if (src[i] === "$" && src[i + 1] === "{") {
        i = expressionEnd(src, i + 2);
        text += " ? ";
      } else text += src[i++];
    }
    out.push(text);
  }
  return out;
}

const tables = Object.values(schema)
  .filter((v) => is(v, PgTable))
  .map((t) => getTableConfig(t as PgTable));
const tableNames = new Set(tables.map((t) => t.name));
const snakeColumns = [...new Set(tables.flatMap((t) => t.columns.map((c) => c.name)))].filter((n) => n.includes("_"));

/** Table and column names typed by hand in one file's SQL text. */
function handTypedNames(src: string): string[] {
  return sqlTexts(src).flatMap((text) => [
    ...[...text.matchAll(/\b(?:from|join|into|update)\s+([a-z_]+)\b/gi)]
      .map((m) => m[1])
      .filter((n) => tableNames.has(n)),
    ...snakeColumns.filter((c) => new RegExp(`\\b${c}\\b`).test(text)),
  ]);
}

describe("where SQL lives", () => {
  it("only queries files under server/ build or run SQL", () => {
    const offenders = files(root, ["db"])
      .filter((f) => !/(^|-)queries\.ts$/.test(path.basename(f)))
      .filter((f) => sqlUse.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(root, f));
    expect(offenders).toEqual([]);
  });

  it("only server/db and server/backup talk to the driver directly", () => {
    const offenders = files(root, ["db", "backup"])
      .filter((f) => driverUse.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(root, f));
    expect(offenders).toEqual([]);
  });

  it("SQL names tables and columns through the Drizzle schema, never by hand", () => {
    const offenders = files(root, ["db"])
      .map((f) => ({ file: path.relative(root, f), names: handTypedNames(readFileSync(f, "utf8")) }))
      .filter((f) => f.names.length > 0);
    expect(offenders).toEqual([]);
  });

  it("sees a hand-typed table or column name in a sql template", () => {
    const bt = "`";
    expect(handTypedNames(`sql${bt}select 1 from shifts where \${x}${bt}`)).toEqual(["shifts"]);
    expect(handTypedNames(`sql${bt}select s.user_id from \${shifts} s${bt}`)).toEqual(["user_id"]);
    expect(handTypedNames(`sql${bt}select \${shifts.userId} from \${shifts} where \${sql${bt}1${bt}}${bt}`)).toEqual(
      [],
    );
  });
});
