import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * docs/architecture.md: no file under server/, common/ or client/src/ over 300 lines and no function
 * over 80, so each can be read whole. A file or function that is better left long (a declarative
 * table, a schema) says why in a `// size:` comment: on the file's first line, or on the line right
 * above the function (above its doc comment, if it has one).
 *
 * A function's length is its whole span, nested functions included; a nested function is also
 * measured on its own.
 */
const repo = path.resolve(import.meta.dirname, "../..");
const roots = ["server", "common", "client/src", "scripts"];
const maxFileLines = 300;
const maxFunctionLines = 80;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Lines of the text, not counting the empty one after a final newline. */
function lineCount(text: string): number {
  return text.replace(/\n$/, "").split("\n").length;
}

function isSizeReason(line: string | undefined): boolean {
  return line?.trim().startsWith("// size:") ?? false;
}

/** Whether the comment lines right above `line` (0-based) hold a `// size:` reason. */
function hasReasonAbove(lines: string[], line: number): boolean {
  for (let i = line - 1; i >= 0; i--) {
    const text = lines[i].trim();
    if (isSizeReason(text)) return true;
    if (!/^(\/\/|\/\*|\*)/.test(text)) return false;
  }
  return false;
}

type Fn = ts.FunctionLikeDeclaration;

function isFunction(node: ts.Node): node is Fn {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** A readable name: its own, the variable or property it is assigned to, or the call it is passed to. */
function ownName(node: Fn, sf: ts.SourceFile): string {
  if (node.name) return node.name.getText(sf);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) {
    return parent.name.getText(sf);
  }
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(sf).replace(/\s+/g, "");
    // A wrapper like memo(() => ...) or forwardRef(...) takes the name of what it is assigned to.
    if (ts.isVariableDeclaration(parent.parent) && parent.parent.name) {
      return `${parent.parent.name.getText(sf)} (${callee})`;
    }
    return `${callee} callback`;
  }
  if (ts.isExportAssignment(parent)) return "default export";
  return "anonymous function";
}

type Finding = { file: string; name: string; lines: number };

function longFunctions(file: string, text: string): Finding[] {
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const lines = text.split("\n");
  const found: Finding[] = [];
  const visit = (node: ts.Node, outer: string[]) => {
    let names = outer;
    if (isFunction(node) && node.body) {
      names = [...outer, ownName(node, sf)];
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const span = end - start + 1;
      if (span > maxFunctionLines && !hasReasonAbove(lines, statementLine(node, sf))) {
        found.push({ file, name: names.join(" > "), lines: span });
      }
    }
    ts.forEachChild(node, (child) => visit(child, names));
  };
  visit(sf, []);
  return found;
}

/** The first line of the statement a function starts, where its `// size:` reason goes above. */
function statementLine(node: Fn, sf: ts.SourceFile): number {
  let top: ts.Node = node;
  const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
  // Climb while the enclosing node starts on the same line (`export const X = memo(() => {`).
  while (top.parent && !ts.isSourceFile(top.parent)) {
    const parentLine = sf.getLineAndCharacterOfPosition(top.parent.getStart(sf)).line;
    if (parentLine !== first) break;
    top = top.parent;
  }
  return sf.getLineAndCharacterOfPosition(top.getStart(sf)).line;
}

const files = roots
  .flatMap((r) => sourceFiles(path.join(repo, r)))
  .map((full) => ({
    file: path.relative(repo, full),
    text: readFileSync(full, "utf8"),
  }));

const longFiles = files
  .filter((f) => lineCount(f.text) > maxFileLines && !isSizeReason(f.text.split("\n")[0]))
  .map((f) => ({ file: f.file, lines: lineCount(f.text) }));
const functionFindings = files.flatMap((f) => longFunctions(f.file, f.text));
const key = (f: Finding) => `${f.file}: ${f.name}`;

describe("code size", () => {
  it(`no file passes ${maxFileLines} lines without a reason on its first line`, () => {
    const long = longFiles.map((f) => `${f.file}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });

  it(`no function passes ${maxFunctionLines} lines without a reason above it`, () => {
    const long = functionFindings.map((f) => `${key(f)} (${f.lines} lines)`);
    expect(long).toEqual([]);
  });

  it("measures nested functions and honours a reason above", () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join("\n");
    const src = [
      "export function outer() {",
      "  const inner = () => {",
      body(81),
      "  };",
      "}",
      "// size: a table reads best whole",
      "/** Doc. */",
      "const Table = memo(function () {",
      body(81),
      "});",
      "app.get('/x', async () => {",
      body(78),
      "});",
    ].join("\n");
    expect(longFunctions("x.ts", src).map((f) => `${f.name} ${f.lines}`)).toEqual(["outer 85", "outer > inner 83"]);
  });
});
