import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/architecture.md: SQL lives in a feature's queries files (queries.ts, or *-queries.ts where
 * one would pass 300 lines); services and routes compose them. server/db is the database layer
 * itself, and server/imports keeps its own layout for now.
 */
const root = path.resolve(import.meta.dirname, "../../server");
const exempt = ["db", "imports"];
const sqlUse = /\b(?:db|tx)\s*\.\s*(?:select|insert|update|delete|execute)\(|\bsql`/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return exempt.includes(path.relative(root, full)) ? [] : files(full);
    return e.name.endsWith(".ts") ? [full] : [];
  });
}

describe("where SQL lives", () => {
  it("only queries files under server/ build or run SQL", () => {
    const offenders = files(root)
      .filter((f) => !/(^|-)queries\.ts$/.test(path.basename(f)))
      .filter((f) => sqlUse.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(root, f));
    expect(offenders).toEqual([]);
  });

  it("no file under server/ passes about 300 lines", () => {
    const long = files(root)
      .map((f) => ({ file: path.relative(root, f), lines: readFileSync(f, "utf8").split("\n").length }))
      .filter((f) => f.lines > 320);
    expect(long).toEqual([]);
  });
});
