// Part of `npm run check`: fails on an export of server/, common/ or client/src that nothing in the
// project refers to (not another file, not its own file, not a test or a script). Such an export is
// dead code that tsc and Biome cannot see, because exporting it counts as a use. An export used only
// in its own file is fine: that is a module's public surface, not dead code.
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
const checked = ["server/", "common/", "client/src/"];

/**
 * Exports nothing in the program names, yet something outside it does: "file:name" with the reason.
 * Entry files with no exports (main.ts, the command files, the workers) need no entry here.
 */
const allowed = new Map([
  [
    "client/src/first-paint-markup.tsx:firstPaintMarkup",
    "loaded by name through vite.ssrLoadModule (scripts/lib/vite-first-paint.ts)",
  ],
]);

function loadProgram() {
  const configPath = path.join(root, "tsconfig.json");
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  return ts.createProgram({ rootNames: config.fileNames, options: config.options });
}

const relative = (file) => path.relative(root, file.fileName).split(path.sep).join("/");
const isProjectFile = (file) => !file.isDeclarationFile && !file.fileName.includes("/node_modules/");

/** Every exported symbol of the checked files, keyed by the symbol, with where it is declared. */
function exportsToCheck(program, checker) {
  const found = new Map();
  for (const file of program.getSourceFiles()) {
    const rel = relative(file);
    if (!isProjectFile(file) || !checked.some((dir) => rel.startsWith(dir))) continue;
    const moduleSymbol = checker.getSymbolAtLocation(file);
    if (!moduleSymbol) continue;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declaration = target.declarations?.[0];
      // Re-exports (`export * from`) are checked in the file that declares them.
      if (!declaration || declaration.getSourceFile() !== file) continue;
      found.set(target, `${rel}:${exported.name}`);
    }
  }
  return found;
}

/** The declared symbol an identifier refers to, through imports and shorthand properties. */
function referredSymbol(checker, id) {
  const parent = id.parent;
  let symbol =
    ts.isShorthandPropertyAssignment(parent) && parent.name === id
      ? checker.getShorthandAssignmentValueSymbol(parent)
      : checker.getSymbolAtLocation(id);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol;
}

/** True when the identifier is the name a declaration gives, not a use of it. */
function isDeclarationName(id) {
  const parent = id.parent;
  return (
    (ts.isDeclaration(parent) || ts.isExportSpecifier(parent) || ts.isImportSpecifier(parent)) && parent.name === id
  );
}

function usedSymbols(program, checker, names) {
  const used = new Set();
  for (const file of program.getSourceFiles()) {
    if (!isProjectFile(file)) continue;
    const visit = (node) => {
      // A default import names the export by a local name of its own, so it counts as a use as such.
      const defaultImport = ts.isIdentifier(node) && ts.isImportClause(node.parent) && node.parent.name === node;
      if (defaultImport || (ts.isIdentifier(node) && names.has(node.text) && !isDeclarationName(node))) {
        const symbol = referredSymbol(checker, node);
        if (symbol) used.add(symbol);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return used;
}

const program = loadProgram();
const checker = program.getTypeChecker();
const exported = exportsToCheck(program, checker);
const names = new Set([...exported.keys()].map((s) => s.name));
const used = usedSymbols(program, checker, names);
const unused = [...exported]
  .filter(([symbol, where]) => !used.has(symbol) && !allowed.has(where))
  .map(([, where]) => where)
  .sort();

if (unused.length > 0) {
  console.error(
    `Exports nothing uses (delete them, or allow-list an entry point with its reason in ${relative({ fileName: import.meta.filename })}):`,
  );
  for (const where of unused) console.error(`  ${where}`);
  process.exit(1);
}
