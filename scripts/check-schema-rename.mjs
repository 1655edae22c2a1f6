// Proves the rule in docs/architecture.md that SQL names columns through the Drizzle schema: copies
// server/ and common/ aside, renames shifts.userId ("user_id") to ownerId ("owner_id") in the copy's
// schema, and type-checks the copy. Every file that reads or writes that column must then fail `tsc`;
// a file that stays green names the column by hand and would only break at run time.
// Run by hand: node scripts/check-schema-rename.mjs
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const repo = path.resolve(import.meta.dirname, "..");
const copy = mkdtempSync(path.join(tmpdir(), "schema-rename-"));
try {
  for (const dir of ["server", "common"]) cpSync(path.join(repo, dir), path.join(copy, dir), { recursive: true });
  symlinkSync(path.join(repo, "node_modules"), path.join(copy, "node_modules"));
  const tsconfig = JSON.parse(readFileSync(path.join(repo, "tsconfig.json"), "utf8"));
  writeFileSync(path.join(copy, "tsconfig.json"), JSON.stringify({ ...tsconfig, include: ["common", "server"] }));

  const schemaFile = path.join(copy, "server/db/schema.ts");
  const schema = readFileSync(schemaFile, "utf8");
  const shiftsTable = schema.indexOf('pgTable(\n  "shifts"');
  const column = 'userId: integer("user_id")';
  const at = schema.indexOf(column, shiftsTable);
  if (shiftsTable < 0 || at < 0) throw new Error("shifts.userId not found in server/db/schema.ts");
  writeFileSync(schemaFile, schema.slice(0, at) + 'ownerId: integer("owner_id")' + schema.slice(at + column.length));

  let output = "";
  try {
    execFileSync(path.join(repo, "node_modules/.bin/tsc"), ["--noEmit", "-p", "."], { cwd: copy, encoding: "utf8" });
  } catch (e) {
    output = String(e.stdout);
  }
  const failing = new Set([...output.matchAll(/^([\w/.-]+\.ts)\(\d+,\d+\)/gm)].map((m) => m[1]));
  // A file that still spells a user_id column by hand stays green yet breaks at run time.
  const byHand = execFileSync("grep", ["-rl", "--include=*.ts", "user_id", "server"], { cwd: repo, encoding: "utf8" })
    .split("\n")
    .filter((f) => f && !f.startsWith("server/db/"));
  const green = byHand.filter((f) => !failing.has(f));
  console.log(`tsc fails in ${failing.size} files after the rename:\n  ${[...failing].sort().join("\n  ")}`);
  if (failing.size === 0 || green.length > 0) {
    console.error(`tsc stayed green in files that name user_id by hand:\n  ${green.join("\n  ") || "(tsc passed)"}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}
