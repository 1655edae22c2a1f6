/**
 * zod compiles a faster parser for each object schema with `new Function`, once it has probed
 * whether eval is allowed. This app's Content-Security-Policy has no 'unsafe-eval', so the probe
 * fails, and the browser reports it as a CSP violation on every screen with a form, in the task
 * that loads the screen (about 20 ms on a desktop). Telling zod it runs without eval before any
 * schema exists skips the probe. zod reads its settings from this global wherever it is first
 * loaded (zod/v4/core/core.js), so the setting holds without loading zod into the entry.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
