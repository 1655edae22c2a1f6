import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export type ClientSize = {
  files: { file: string; bytes: number; gzipBytes: number }[];
  bytes: number;
  gzipBytes: number;
  cssGzipBytes: number;
};

/**
 * The JavaScript a first visit loads before it can run: the entry scripts and the modules they
 * preload, as index.html names them, gzipped (level 9, as a static server or CDN would serve them).
 */
export function measureClient(clientDir: string): ClientSize {
  const html = readFileSync(path.join(clientDir, "index.html"), "utf8");
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
  const read = (ref: string) => readFileSync(path.join(clientDir, ref.replace(/^\//, "").split("?")[0]));
  const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;
  const files = [...scripts].map((file) => {
    const bytes = read(file);
    return { file, bytes: bytes.length, gzipBytes: gz(bytes) };
  });
  return {
    files,
    bytes: files.reduce((s, f) => s + f.bytes, 0),
    gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
    cssGzipBytes: [...styles].reduce((s, f) => s + gz(read(f)), 0),
  };
}
