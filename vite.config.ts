import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { firstPaint } from "./scripts/lib/vite-first-paint.ts";
import { precompress } from "./scripts/lib/vite-precompress.ts";
import { screenChunks } from "./scripts/lib/vite-screen-chunks.ts";
import { SCREENS } from "./server/http/app-html.ts";

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: fromRoot("./client"),
  publicDir: fromRoot("./client/public"),
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // injectManifest: our own worker (push and notification clicks) with Workbox's precache list.
      strategies: "injectManifest",
      srcDir: "src/sw",
      filename: "service-worker.ts",
      injectRegister: false,
      registerType: "prompt",
      manifestFilename: "manifest.webmanifest",
      includeAssets: ["favicon.ico", "favicon.svg", "apple-touch-icon.png"],
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,ico,webmanifest}"],
        // The roster template and other downloads are fetched when needed, not precached.
        globIgnores: ["**/*.br", "**/*.gz"],
        // A classic script: every browser that has push can register it.
        rollupFormat: "iife",
      },
      manifest: {
        id: "/",
        name: "CrewSwap",
        short_name: "CrewSwap",
        description: "Shift swaps for NHS ambulance clinicians: your roster, colleagues' off days and agreed swaps.",
        lang: "en-GB",
        start_url: "/dashboard",
        scope: "/",
        display: "standalone",
        orientation: "portrait",
        // --color-primary and --color-background of client/src/index.css
        theme_color: "#005eb8",
        background_color: "#f0f4f5",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      devOptions: { enabled: false },
    }),
    precompress(),
    // A handful of chunks per screen instead of dozens: the screens of the server's first-paint hints.
    screenChunks({
      root: fromRoot("./client"),
      screens: [...new Set(SCREENS.map(([, modules]) => modules.join("\n")))].map((m) => m.split("\n")),
    }),
    firstPaint({ module: "/src/first-paint-markup.tsx" }),
  ],
  resolve: {
    alias: { "@": fromRoot("./client/src"), "@common": fromRoot("./common") },
  },
  build: {
    outDir: fromRoot("./dist/client"),
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    // The server reads it to name each screen's chunks in the page it serves (server/http/app-html.ts).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: "http://127.0.0.1:3000", changeOrigin: false },
      "/ws": { target: "http://127.0.0.1:3000", ws: true },
    },
  },
  preview: {
    proxy: {
      "/api": { target: "http://127.0.0.1:3000" },
      "/ws": { target: "http://127.0.0.1:3000", ws: true },
    },
  },
});
