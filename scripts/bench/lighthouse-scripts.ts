/** A script's share of the main thread in one run (simulated phone milliseconds). */
export type ScriptCost = {
  /** The file's path (`/assets/shared-….js`), or Lighthouse's name for work of no script. */
  script: string;
  /** Long tasks (50 ms or more) attributed to it, and their time over 50 ms: what TBT counts. */
  longTasks: number;
  blockingMs: number;
  /** bootup-time: evaluation, and parsing and compiling. */
  scriptingMs: number;
  parseCompileMs: number;
};

type TableItems = { items?: Record<string, unknown>[] } | undefined;

/** long-tasks and bootup-time, by script: a regression in TBT names the chunk (and so the module group) it came from. */
export function scriptCosts(audits: Record<string, { details?: unknown }>): ScriptCost[] {
  const byScript = new Map<string, ScriptCost>();
  const entry = (url: unknown) => {
    const script = scriptName(String(url ?? "unattributable"));
    let cost = byScript.get(script);
    if (!cost) {
      cost = { script, longTasks: 0, blockingMs: 0, scriptingMs: 0, parseCompileMs: 0 };
      byScript.set(script, cost);
    }
    return cost;
  };
  for (const item of (audits["long-tasks"]?.details as TableItems)?.items ?? []) {
    const cost = entry(item.url);
    cost.longTasks += 1;
    cost.blockingMs += Math.max(0, Number(item.duration) - 50);
  }
  for (const item of (audits["bootup-time"]?.details as TableItems)?.items ?? []) {
    const cost = entry(item.url);
    cost.scriptingMs += Number(item.scripting) || 0;
    cost.parseCompileMs += Number(item.scriptParseCompile) || 0;
  }
  return [...byScript.values()]
    .map((c) => ({
      ...c,
      blockingMs: Math.round(c.blockingMs),
      scriptingMs: Math.round(c.scriptingMs),
      parseCompileMs: Math.round(c.parseCompileMs),
    }))
    .sort((a, b) => b.blockingMs - a.blockingMs || b.scriptingMs - a.scriptingMs);
}

/** A script's path without the origin (`/assets/shared-public-x1.js`); Lighthouse's own labels as they are. */
function scriptName(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

export function describeScripts(scripts: ScriptCost[]): string {
  return (
    scripts
      .filter((s) => s.longTasks > 0 || s.scriptingMs >= 20)
      .slice(0, 6)
      .map(
        (s) =>
          `${s.script} ${s.blockingMs} ms blocking in ${s.longTasks} long task(s), ` +
          `${s.scriptingMs} ms scripting, ${s.parseCompileMs} ms parse/compile`,
      )
      .join("; ") || "no long task"
  );
}
