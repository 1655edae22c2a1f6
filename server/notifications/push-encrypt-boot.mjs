// Worker threads start as plain Node: this loads the TypeScript worker through tsx's loader.
import { tsImport } from "tsx/esm/api";

await tsImport("./push-encrypt-thread.ts", import.meta.url);
