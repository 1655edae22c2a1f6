import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createServer, type Plugin } from "vite";
import { FIRST_PAINT_FILE } from "../../common/first-paint-kinds.ts";

/**
 * After the client build, renders the first-paint markup (client/src/first-paint-markup.tsx) with the
 * real components and writes it beside Vite's manifest, for the server to put in each page.
 * Rendering goes through a short-lived Vite server in SSR mode, so the components resolve exactly
 * as in the bundle (aliases, TSX).
 */
export function firstPaint(opts: { module: string }): Plugin {
  let outDir = "";
  let configFile: string | undefined;
  return {
    name: "crewswap-first-paint",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      configFile = config.configFile;
    },
    async closeBundle() {
      const vite = await createServer({
        configFile,
        logLevel: "error",
        appType: "custom",
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const mod = (await vite.ssrLoadModule(opts.module)) as { firstPaintMarkup: () => Record<string, string> };
        const file = path.join(outDir, FIRST_PAINT_FILE);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, JSON.stringify(mod.firstPaintMarkup()));
      } finally {
        await vite.close();
      }
    },
  };
}
