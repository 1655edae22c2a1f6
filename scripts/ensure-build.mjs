// Runs before `npm start`: builds the client and the server when missing or older than their sources,
// so `npm start` always runs a current build. A tree installed without dev dependencies runs its build as is.
import { existsSync } from "node:fs";
import path from "node:path";
import { buildClient, buildServer, client, root, server, stale } from "./build.mjs";

// Same shape as the server's log lines, so the output stays one JSON stream.
const line = (level, msg) => JSON.stringify({ level, time: Date.now(), name: "crewswap", msg });
const canBuild = ["vite", "esbuild"].every((pkg) => existsSync(path.join(root, "node_modules", pkg)));

if (!canBuild) {
  if (!existsSync(client.output) || !existsSync(server.output)) {
    console.error(line(60, "No build in dist/: run `npm ci` (with dev dependencies) and `npm run build` first"));
    process.exit(1);
  }
} else {
  const log = (level, msg) => console.log(line(level, msg));
  try {
    if (stale(client)) {
      log(30, "building the client");
      buildClient(log);
    }
    if (stale(server)) {
      log(30, "compiling the server");
      await buildServer(log);
    }
  } catch (err) {
    log(60, `The build failed: ${err.message}`);
    process.exit(1);
  }
}
