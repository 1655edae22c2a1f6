import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  FIRST_PAINT_ATTRIBUTE,
  FIRST_PAINT_FILE,
  type FirstPaint,
  SCHEDULE_TIP_COOKIE,
  SCHEDULE_TIP_DISMISSED,
} from "../../common/first-paint-kinds.ts";

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** One screen's page, compressed once at start-up as the build compresses the static files. */
export type AppHtml = { html: string; br: Buffer; gzip: Buffer; etag: string };

const APP_SHELL = "src/app/app-shell.tsx";
const AUTH_PAGE = "src/pages/auth/auth-page.tsx";
/** What React draws over the first paint until the screen is ready (client/src/routes.tsx): every screen's. */
const FRAMES = "src/first-frames.ts";

/**
 * The screens of client/src/routes.tsx, the modules each needs for its first paint as Vite's
 * manifest names them, the first-paint markup it starts with and, where the schedule's tip is part
 * of it, the markup once the user signed in on that device has closed the tip. Only a hint: a
 * screen missing here loads as before, one round trip later.
 */
export const SCREENS: [RegExp, string[], FirstPaint, FirstPaint?][] = [
  [/^\/(auth)?$/, [FRAMES, AUTH_PAGE], "signIn"],
  [/^\/forgot-password$/, [FRAMES, AUTH_PAGE], "forgot"],
  [/^\/dashboard$/, [FRAMES, APP_SHELL, "src/pages/dashboard/dashboard-page.tsx"], "signedIn"],
  [
    /^\/calendar(\/.*)?$/,
    [FRAMES, APP_SHELL, "src/pages/calendar/calendar-page.tsx"],
    "calendar",
    "calendarTipDismissed",
  ],
  [/^\/swap-requests$/, [FRAMES, APP_SHELL, "src/pages/swap-requests/swap-requests-page.tsx"], "swapRequests"],
  [/^\/messages$/, [FRAMES, APP_SHELL, "src/pages/messages/messages-page.tsx"], "signedIn"],
  [/^\/messages\/[^/]+$/, [FRAMES, APP_SHELL, "src/pages/conversation/conversation-page.tsx"], "signedIn"],
  [/^\/profile$/, [FRAMES, APP_SHELL, "src/pages/profile/profile-page.tsx"], "signedIn"],
];

/**
 * index.html for each screen, built once from the client build's index.html, .vite/manifest.json
 * and .vite/first-paint.json:
 * - `modulepreload` links for that screen's chunks: the browser fetches them while it downloads
 *   the entry script, instead of after running it;
 * - the stylesheet inlined, and the screen's first-paint markup (its frame, the beta notice and,
 *   for some screens, their head) in #root: the first paint needs the page alone, not a stylesheet
 *   round trip and the scripts.
 */
export function appHtmlFor(
  clientDir: string,
): (pathname: string, cookies?: Record<string, string | undefined>) => AppHtml {
  const page = (html: string): AppHtml => ({
    html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
    etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`,
  });
  const index = scriptsAfterPaint(
    inlineStylesheets(readFileSync(path.join(clientDir, "index.html"), "utf8"), clientDir),
  );
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
  const variants = SCREENS.map(([pattern, modules, paint, tipClosedPaint]) => {
    const files = [...closure(modules)].filter((key) => !inEntry.has(key)).map((key) => manifest[key].file);
    const links = files.map((file) => `<link rel="modulepreload" ${LOW} crossorigin href="/${file}">`).join("\n    ");
    const head = files.length ? index.replace("</head>", `  ${links}\n  </head>`) : index;
    const withPaint = (kind: FirstPaint) => {
      const markup = firstPaint[kind];
      const root = `<div id="root" ${FIRST_PAINT_ATTRIBUTE}="${kind}">${markup}</div>`;
      return page(markup ? head.replace('<div id="root"></div>', root) : head);
    };
    return { pattern, html: withPaint(paint), tipClosed: tipClosedPaint && withPaint(tipClosedPaint) };
  });
  return (pathname, cookies = {}) => {
    const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
    const screen = variants.find(({ pattern }) => pattern.test(trimmed));
    if (!screen) return plain;
    if (screen.tipClosed && cookies[SCHEDULE_TIP_COOKIE] === SCHEDULE_TIP_DISMISSED) return screen.tipClosed;
    return screen.html;
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

/**
 * Every page paints from its HTML alone (the stylesheet and the first-paint markup are in it), so
 * its module scripts are fetched at low priority: nothing on the page competes with them, and the
 * browser is told they do not gate the first paint. Lighthouse's phone simulation counts any
 * high-priority script that arrived before the observed first paint as render-blocking, module
 * scripts included (GoogleChrome/lighthouse#17163), which modelled a 0.7 s first paint as 2.1 s
 * whenever the scripts won the race on the test machine (docs/decisions/024-screen-head-in-first-paint.md).
 */
const LOW = 'fetchpriority="low"';
function scriptsAfterPaint(html: string): string {
  return html
    .replace(/<script type="module" crossorigin src=/g, `<script type="module" ${LOW} crossorigin src=`)
    .replace(/<link rel="modulepreload" crossorigin /g, `<link rel="modulepreload" ${LOW} crossorigin `);
}

/** Answers with the page, revalidated on every visit (304 while unchanged), compressed as accepted. */
export function sendAppHtml(request: FastifyRequest, reply: FastifyReply, page: AppHtml) {
  // The cookie: /calendar's page leaves out a tip its user has closed.
  reply.header("cache-control", "no-cache").header("etag", page.etag).header("vary", "accept-encoding, cookie");
  if (request.headers["if-none-match"] === page.etag) return reply.code(304).send();
  reply.type("text/html; charset=utf-8");
  const accepted = request.headers["accept-encoding"] ?? "";
  if (/\bbr\b/.test(accepted)) return reply.header("content-encoding", "br").send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header("content-encoding", "gzip").send(page.gzip);
  return reply.send(page.html);
}
