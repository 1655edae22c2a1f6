// Run from source, the sender's process starts as plain Node: this loads it through tsx's loader.
import { tsImport } from "tsx/esm/api";

await tsImport("./push-sender-process.ts", import.meta.url);
