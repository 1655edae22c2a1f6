import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { appHtmlFor } from "../../server/http/app-html.ts";

type SizedFile = { file: string; bytes: number; gzipBytes: number };

export type ClientSize = {
  /** Initial: the entry scripts and the modules index.html preloads (the budget's figure). */
  files: SizedFile[];
  bytes: number;
  gzipBytes: number;
  cssGzipBytes: number;
  /**
   * Each screen's first download as the server sends its page: the initial files plus the chunks
   * the page names with `modulepreload` (the screen, the app shell, the frames drawn meanwhile).
   */
  screens: { path: string; files: number; gzipBytes: number; onTopOfInitialGzipBytes: number }[];
  /** Every other script of the build: loaded on demand (another screen, a dialog), never at start. */
  onDemand: { files: number; bytes: number; gzipBytes: number };
};

/** One address per kind of screen the server sends its own page for (server/http/app-html.ts). */
const SCREEN_PATHS = ["/", "/forgot-password", "/dashboard", "/calendar", "/swap-requests", "/messages", "/profile"];

/**
 * The JavaScript a first visit loads before it can run, gzipped (level 9, as a static server or CDN
 * would serve them): the entry scripts and the modules they preload, as index.html names them; then
 * what each screen's page adds, and what is left for later.
 */
export function measureClient(clientDir: string): ClientSize {
  const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;
  const read = (ref: string) => readFileSync(path.join(clientDir, ref.replace(/^\//, "").split("?")[0]));
  const sized = new Map<string, SizedFile>();
  const size = (file: string) => {
    let s = sized.get(file);
    if (!s) {
      const bytes = read(file);
      s = { file, bytes: bytes.length, gzipBytes: gz(bytes) };
      sized.set(file, s);
    }
    return s;
  };
  const sum = (files: SizedFile[]) => files.reduce((s, f) => s + f.gzipBytes, 0);

  const initial = referencedFiles(readFileSync(path.join(clientDir, "index.html"), "utf8"));
  const files = [...initial.scripts].map(size);
  const pageFor = appHtmlFor(clientDir);
  const loadedAtStart = new Set(initial.scripts);
  const screens = SCREEN_PATHS.map((screenPath) => {
    const scripts = [...referencedFiles(pageFor(screenPath).html).scripts];
    for (const s of scripts) loadedAtStart.add(s);
    const gzipBytes = sum(scripts.map(size));
    return { path: screenPath, files: scripts.length, gzipBytes, onTopOfInitialGzipBytes: gzipBytes - sum(files) };
  });
  const onDemand = readdirSync(path.join(clientDir, "assets"))
    .filter((f) => f.endsWith(".js") && !loadedAtStart.has(`/assets/${f}`))
    .map((f) => size(`/assets/${f}`));
  return {
    files,
    bytes: files.reduce((s, f) => s + f.bytes, 0),
    gzipBytes: sum(files),
    cssGzipBytes: [...initial.styles].reduce((s, f) => s + gz(read(f)), 0),
    screens,
    onDemand: { files: onDemand.length, bytes: onDemand.reduce((s, f) => s + f.bytes, 0), gzipBytes: sum(onDemand) },
  };
}

/** The module scripts and modulepreloads a page names, and its stylesheets. */
function referencedFiles(html: string) {
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`).exec(tag)?.[1];
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attr(tag, "src");
    if (src && /type\s*=\s*["']module["']/.test(tag)) scripts.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attr(tag, "rel");
    const href = attr(tag, "href");
    if (href && rel === "modulepreload") scripts.add(href);
    if (href && rel === "stylesheet") styles.add(href);
  }
  return { scripts, styles };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  // `npx tsx scripts/bench/client-size.ts [dist/client]`: the figures alone, after `npm run build`.
  const r = measureClient(path.resolve(process.argv[2] ?? "dist/client"));
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`initial JavaScript: ${kb(r.gzipBytes)} gzip in ${r.files.length} file(s)`);
  for (const s of r.screens) {
    console.log(
      `  ${s.path}: first download ${kb(s.gzipBytes)} in ${s.files} files (${kb(s.onTopOfInitialGzipBytes)} on top)`,
    );
  }
  console.log(`on demand: ${kb(r.onDemand.gzipBytes)} gzip in ${r.onDemand.files} files`);
}
