import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { FIRST_PAINT_FILE, type FirstPaint } from "../../common/first-paint";

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** One screen's page, compressed once at start-up as the build compresses the static files. */
export type AppHtml = { html: string; br: Buffer; gzip: Buffer; etag: string };

const APP_SHELL = "src/app/app-shell.tsx";
const AUTH_PAGE = "src/pages/auth/auth-page.tsx";

/**
 * The screens of client/src/routes.tsx and the modules each needs for its first paint, as Vite's
 * manifest names them. Only a hint: a screen missing here loads as before, one round trip later.
 */
export const SCREENS: [RegExp, string[], FirstPaint][] = [
  [/^\/(auth)?$/, [AUTH_PAGE], "signIn"],
  [/^\/forgot-password$/, [AUTH_PAGE], "forgot"],
  [/^\/dashboard$/, [APP_SHELL, "src/pages/dashboard/dashboard-page.tsx"], "signedIn"],
  [/^\/calendar(\/.*)?$/, [APP_SHELL, "src/pages/calendar/calendar-page.tsx"], "signedIn"],
  [/^\/swap-requests$/, [APP_SHELL, "src/pages/swap-requests/swap-requests-page.tsx"], "signedIn"],
  [/^\/messages$/, [APP_SHELL, "src/pages/messages/messages-page.tsx"], "signedIn"],
  [/^\/messages\/[^/]+$/, [APP_SHELL, "src/pages/conversation/conversation-page.tsx"], "signedIn"],
  [/^\/profile$/, [APP_SHELL, "src/pages/profile/profile-page.tsx"], "signedIn"],
];

/**
 * index.html for each screen, built once from the client build's index.html, .vite/manifest.json
 * and .vite/first-paint.json:
 * - `modulepreload` links for that screen's chunks: the browser fetches them while it downloads
 *   the entry script, instead of after running it;
 * - the stylesheet inlined, and the screen's first-paint markup (its frame and the beta notice) in
 *   #root: the first paint needs the page alone, not a stylesheet round trip and the scripts.
 */
export function appHtmlFor(clientDir: string): (pathname: string) => AppHtml {
  const page = (html: string): AppHtml => ({
    html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
    etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`,
  });
  const index = inlineStylesheets(readFileSync(path.join(clientDir, "index.html"), "utf8"), clientDir);
  const plain = page(index);
  const manifestFile = path.join(clientDir, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) return () => plain;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  const firstPaintFile = path.join(clientDir, FIRST_PAINT_FILE);
  const firstPaint = existsSync(firstPaintFile)
    ? (JSON.parse(readFileSync(firstPaintFile, "utf8")) as Partial<Record<FirstPaint, string>>)
    : {};

  // Everything the entry already loads (index.html names it) is left out of the hints.
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const inEntry = closure(["index.html"]);
  const variants = SCREENS.map(([pattern, modules, paint]): [RegExp, AppHtml] => {
    const files = [...closure(modules)].filter((key) => !inEntry.has(key)).map((key) => manifest[key].file);
    const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join("\n    ");
    let html = files.length ? index.replace("</head>", `  ${links}\n  </head>`) : index;
    const markup = firstPaint[paint];
    if (markup) html = html.replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
    return [pattern, page(html)];
  });
  return (pathname) => {
    const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
    return variants.find(([pattern]) => pattern.test(trimmed))?.[1] ?? plain;
  };
}

/**
 * Puts the build's stylesheets in the page. The stylesheet is about 10 KB compressed; as a separate
 * file it costs a phone a round trip before anything can be drawn.
 */
function inlineStylesheets(html: string, clientDir: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file: string) => {
    const css = path.join(clientDir, file);
    return existsSync(css) ? `<style>${readFileSync(css, "utf8")}</style>` : link;
  });
}

/** Answers with the page, revalidated on every visit (304 while unchanged), compressed as accepted. */
export function sendAppHtml(request: FastifyRequest, reply: FastifyReply, page: AppHtml) {
  reply.header("cache-control", "no-cache").header("etag", page.etag).header("vary", "accept-encoding");
  if (request.headers["if-none-match"] === page.etag) return reply.code(304).send();
  reply.type("text/html; charset=utf-8");
  const accepted = request.headers["accept-encoding"] ?? "";
  if (/\bbr\b/.test(accepted)) return reply.header("content-encoding", "br").send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header("content-encoding", "gzip").send(page.gzip);
  return reply.send(page.html);
}
