// A CrewSwap instance for a bench: the compiled server, as `npm start` runs it, on a free port.
import { freePort, type Proc, spawnNode, waitForUrl } from "../lib/processes";

export type AppInstance = Proc & { baseUrl: string };

/**
 * Starts the compiled server on its own port and waits until it answers. `env` adds to, or
 * overrides, the bench's defaults (production mode, warnings only, no mail, no public URL).
 */
export async function startAppInstance(
  env: NodeJS.ProcessEnv & { DATABASE_URL: string; DATA_DIR: string },
  opts: { keepBytes?: number; timeoutMs?: number; script?: string } = {},
): Promise<AppInstance> {
  const port = await freePort();
  const app = spawnNode(
    // Another tree's build (bench --against) finds its client and migrations beside its own file.
    opts.script ?? "dist/server/main.js",
    {
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      APP_URL: "",
      SMTP_URL: "",
      ...env,
      PORT: String(port),
    },
    [],
    opts.keepBytes,
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForUrl(`${baseUrl}/api/health`, app, opts.timeoutMs);
  } catch (err) {
    app.child.kill("SIGKILL");
    throw err;
  }
  return { ...app, baseUrl };
}
