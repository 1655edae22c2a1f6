import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./scripts/lib/vite-precompress";

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: fromRoot("./client"),
  publicDir: fromRoot("./client/public"),
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { "@": fromRoot("./client/src") },
  },
  build: {
    outDir: fromRoot("./dist/client"),
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
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
