// Run from source, the push worker's process starts as plain Node: this loads it through tsx's loader.
import { tsImport } from "tsx/esm/api";

await tsImport("./push-worker-process.ts", import.meta.url);
