// Part of `npm run check`: the folders of server/ (features such as server/swaps, shared folders such
// as server/db) must not import each other in a circle, directly or through other folders. Biome's
// noImportCycles sees cycles between files only; two features can depend on each other through
// different files without one. Which file of a feature another may import is Biome's
// noRestrictedImports (biome.json); docs/architecture.md, "Server layering", says both.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
const server = path.join(root, "server");

/** server/<folder>/<file> → the folders each folder imports, with one importing file per edge. */
function folderGraph() {
  const graph = new Map();
  for (const folder of readdirSync(server, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const edges = new Map();
    graph.set(folder.name, edges);
    const dir = path.join(server, folder.name);
    for (const file of readdirSync(dir)) {
      if (!/\.(ts|mts|mjs)$/.test(file)) continue;
      const source = readFileSync(path.join(dir, file), "utf8");
      for (const { fileName: spec } of ts.preProcessFile(source, true, true).importedFiles) {
        if (!spec.startsWith(".")) continue;
        const target = path.relative(server, path.resolve(dir, spec)).split(path.sep);
        // A file of server/ itself (errors.ts, config.ts) or outside it (common/) is no folder.
        if (target.length < 2 || target[0] === ".." || target[0] === folder.name) continue;
        if (!edges.has(target[0])) edges.set(target[0], `server/${folder.name}/${file} imports ${spec}`);
      }
    }
  }
  return graph;
}

/** Every circle of folders, each once, as the list of import lines that close it. */
function circles(graph) {
  const found = [];
  const seen = new Set();
  const walk = (folder, trail) => {
    const at = trail.findIndex((step) => step.folder === folder);
    if (at >= 0) {
      const loop = trail.slice(at);
      const key = loop
        .map((s) => s.folder)
        .sort()
        .join(",");
      if (!seen.has(key)) {
        seen.add(key);
        found.push(loop.map((s) => s.via));
      }
      return;
    }
    for (const [next, via] of graph.get(folder) ?? []) walk(next, [...trail, { folder, via }]);
  };
  for (const folder of graph.keys()) walk(folder, []);
  return found;
}

const found = circles(folderGraph());
if (found.length > 0) {
  console.error("server/ folders import each other in a circle (docs/architecture.md, 'Server layering'):");
  for (const loop of found) console.error(`\n  ${loop.join("\n  ")}`);
  console.error(
    "\nMove what both sides need below them: into a shared folder (server/db, server/events, ...) or common/.",
  );
  process.exit(1);
}
