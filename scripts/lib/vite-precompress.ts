import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const gz = promisify(gzip);
const br = promisify(brotliCompress);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Writes .gz and .br beside each text asset once at build time, so the server never compresses per request. */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "crewswap-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for await (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < 1024) continue;
        const data = await readFile(file);
        await writeFile(`${file}.gz`, await gz(data, { level: 9 }));
        await writeFile(
          `${file}.br`,
          await br(data, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
      }
    },
  };
}
