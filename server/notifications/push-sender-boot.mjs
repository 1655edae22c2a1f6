// Worker threads start as plain Node: this loads the TypeScript sender through tsx's loader.
import { tsImport } from "tsx/esm/api";

await tsImport("./push-sender-thread.ts", import.meta.url);
