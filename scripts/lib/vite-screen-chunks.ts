import path from "node:path";
import { type Plugin, parseAst, type Rollup, type UserConfig } from "vite";

/**
 * Fewer, larger chunks for the screens a visit opens on (server/http/app-html.ts `SCREENS`).
 *
 * Left to itself, Rolldown gives every set of lazily loaded modules that share code its own common
 * chunk: about a hundred files, of which a screen's first paint needed 27 to 53. On a phone over
 * HTTP/1.1 (six connections, 150 ms round trips) each round of six files costs a round trip, and
 * each response its headers. This plugin sorts the modules of the lazy chunks by the screens whose
 * first paint needs them (`screens`: one list of modules per screen, as `SCREENS` names them) and
 * groups them:
 *
 * - everything the entry loads stays in the entry (one file instead of seven);
 * - `shared`: what two or more signed-in screens need (the app shell's parts, the UI kit, the data
 *   layer) and nothing the sign-in page needs;
 * - `shared-public`: what the sign-in page and two or more signed-in screens need (buttons, inputs);
 * - `forms`: what the sign-in page and one signed-in screen need (the form library for the sign-in
 *   and profile pages);
 * - `<screen>-parts`: what one screen needs that a module loaded later also uses (a dialog opened
 *   from the screen, the calendar demo), which Rolldown would otherwise split into small chunks.
 *
 * The screens' own modules and the lazily loaded modules (routes, dialogs) keep their chunks and
 * their entries in the manifest, which the server reads to name each screen's files. A module only
 * needed after the first paint stays in Rolldown's automatic chunks.
 */
export function screenChunks(opts: { root: string; screens: string[][] }): Plugin {
  const screens = opts.screens.map((modules) => modules.map((m) => path.resolve(opts.root, m)));
  // Signed-in screens share the app shell; the sign-in page shares no module with another screen
  // apart from those every screen names (the frames drawn while a screen loads).
  const everyScreens = new Set(screens[0]?.filter((m) => screens.every((s) => s.includes(m))));
  const signedIn = screens.map((s, i) =>
    s.some((m) => !everyScreens.has(m) && screens.some((other, j) => j !== i && other.includes(m))),
  );
  const tier = new Map<string, string>();

  return {
    name: "crewswap-screen-chunks",
    apply: "build",
    config() {
      return codeSplittingConfig(screens, tier);
    },
    async buildEnd() {
      tier.clear();
      const ids = [...this.getModuleIds()];
      const info: Info = new Map(ids.map((id) => [id, this.getModuleInfo(id)]));
      const parsed = new Map<string, Promise<Parsed | null>>();
      const parse = (id: string) => {
        let p = parsed.get(id);
        if (!p) {
          p = parseModule(id, info.get(id)?.code ?? null, (source) => this.resolve(source, id).then((r) => r?.id));
          parsed.set(id, p);
        }
        return p;
      };
      const closure = (from: string[]) => runClosure(info, parse, from);
      const initial = await closure(ids.filter((id) => info.get(id)?.isEntry));
      // Modules loaded with import(): they keep their own chunk (and manifest entry).
      const lazyRoots = new Set(ids.flatMap((id) => info.get(id)?.dynamicallyImportedIds ?? []));
      const lazyClosures = await Promise.all([...lazyRoots].map((root) => closure([root])));
      const screenClosures = await Promise.all(screens.map((modules) => closure(modules)));
      assignTiers({ ids, info, tier, screens, signedIn, initial, lazyRoots, lazyClosures, screenClosures });
    },
  };
}

const nameOf = (modules: string[]) => path.basename(modules[modules.length - 1]).replace(/\.[jt]sx?$/, "");

/** Rolldown's chunk groups: the entry, the shared tiers, and each screen's own two. */
function codeSplittingConfig(screens: string[][], tier: Map<string, string>): UserConfig {
  const group = (name: string, priority: number) => ({
    name,
    priority,
    test: (id: string) => tier.get(id) === name,
  });
  const screenGroups = screens.flatMap((modules) => [
    group(`${nameOf(modules)}-public`, 2),
    group(`${nameOf(modules)}-parts`, 1),
  ]);
  return {
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // `index` is the entry's own name: Rolldown keeps what it loads in the entry file.
              { name: "index", tags: ["$initial"], priority: 5 },
              group("shared-public", 4),
              group("shared", 3),
              ...screenGroups,
            ],
          },
        },
      },
    },
  };
}

type Info = Map<string, ReturnType<Rollup.PluginContext["getModuleInfo"]>>;

/**
 * The modules a screen runs: through a re-export-only module (lucide-react's icons, radix-ui's
 * primitives, date-fns) only the re-exports it uses, as tree-shaking leaves them.
 */
async function runClosure(
  info: Info,
  parse: (id: string) => Promise<Parsed | null>,
  from: string[],
): Promise<Set<string>> {
  const seen = new Set<string>();
  const asked = new Map<string, Set<string>>();
  const visit = async (id: string | undefined, names: Names): Promise<void> => {
    const m = id ? info.get(id) : null;
    if (!id || !m || seen.has(id)) return;
    const p = await parse(id);
    if (!p?.barrel || m.moduleSideEffects === true || m.moduleSideEffects === "no-treeshake" || names === "*") {
      seen.add(id);
      await Promise.all(
        (p?.imports ?? m.importedIds.map((t) => ({ id: t, names: "*" as const }))).map((i) => visit(i.id, i.names)),
      );
      return;
    }
    const done = asked.get(id) ?? new Set<string>();
    asked.set(id, done);
    const fresh = names.filter((n) => !done.has(n));
    for (const n of fresh) done.add(n);
    await Promise.all(
      fresh.map(async (n) => {
        const r = p.reexports.get(n);
        if (r) return visit(r.id, r.name === "*" ? "*" : [r.name]);
        // `export * from`: only the modules that export the name.
        await Promise.all(p.stars.filter((t) => t && info.get(t)?.exports.includes(n)).map((t) => visit(t, [n])));
      }),
    );
  };
  await Promise.all(from.map((id) => visit(id, "*")));
  return seen;
}

type Sorting = {
  ids: string[];
  info: Info;
  tier: Map<string, string>;
  screens: string[][];
  signedIn: boolean[];
  initial: Set<string>;
  lazyRoots: Set<string>;
  lazyClosures: Set<string>[];
  screenClosures: Set<string>[];
};

/** Puts each module a screen's first paint needs in its group (the plugin's doc comment lists them). */
function assignTiers(s: Sorting): void {
  const { info, tier, screens, signedIn } = s;
  // A group too small to be worth its own file joins the shared one it falls back to.
  const candidates = new Map<string, { fallback: string; ids: string[]; size: number }>();
  const propose = (id: string, name: string, fallback: string) => {
    const c = candidates.get(name) ?? { fallback, ids: [], size: 0 };
    c.ids.push(id);
    c.size += info.get(id)?.code?.length ?? 0;
    candidates.set(name, c);
  };
  for (const id of s.ids) {
    if (s.initial.has(id) || s.lazyRoots.has(id)) continue;
    const needing = s.screenClosures.flatMap((c, i) => (c.has(id) ? [i] : []));
    if (needing.length === 0) continue;
    const signedInNeeding = needing.filter((i) => signedIn[i]);
    const publicToo = needing.some((i) => !signedIn[i]);
    const screen = nameOf(screens[signedInNeeding[0] ?? needing[0]]);
    if (signedInNeeding.length >= 2) tier.set(id, publicToo ? "shared-public" : "shared");
    // The sign-in page and one signed-in screen (the form library of sign-in and profile).
    else if (signedInNeeding.length === 1 && publicToo) propose(id, `${screen}-public`, "shared-public");
    // One screen's module that something loaded later shares (a dialog it opens, the calendar demo).
    else if (s.lazyClosures.filter((c) => c.has(id)).length > 1) {
      propose(id, `${screen}-parts`, publicToo ? "shared-public" : "shared");
    }
  }
  for (const [name, c] of candidates) {
    for (const id of c.ids) tier.set(id, c.size >= MIN_GROUP_SIZE ? name : c.fallback);
  }
}

/** Transformed source characters: about 2–3 KB gzipped, less than a round trip costs on a phone. */
const MIN_GROUP_SIZE = 10_000;

type Names = string[] | "*";
type Parsed = {
  /** Only imports and re-exports: a module the bundle keeps only the used re-exports of. */
  barrel: boolean;
  imports: { id: string | undefined; names: Names }[];
  reexports: Map<string, { id: string | undefined; name: string }>;
  stars: (string | undefined)[];
};

type Node = {
  type: string;
  directive?: string;
  source?: { value: string } | null;
  exported?: { name?: string; value?: string } | null;
  declaration?: unknown;
  specifiers?: {
    type: string;
    imported?: { name?: string; value?: string };
    local?: { name?: string; value?: string };
    exported?: { name?: string; value?: string };
  }[];
};

const nameOfNode = (n: { name?: string; value?: string } | undefined | null) => n?.name ?? n?.value ?? "";

/** A module's static imports with the names it takes from each, and its re-exports. */
async function parseModule(
  id: string,
  code: string | null,
  resolve: (source: string) => Promise<string | undefined>,
): Promise<Parsed | null> {
  if (code === null || !/\.[cm]?[jt]sx?$/.test(id.split("?")[0])) return null;
  let body: Node[];
  try {
    body = (parseAst(code) as unknown as { body: Node[] }).body;
  } catch {
    return null;
  }
  const resolved = new Map<string, Promise<string | undefined>>();
  const res = (source: string) => {
    let r = resolved.get(source);
    if (!r) {
      r = resolve(source);
      resolved.set(source, r);
    }
    return r;
  };
  const imports: { source: string; names: Names }[] = [];
  const locals = new Map<string, { source: string; name: string }>();
  const reexports = new Map<string, { source: string; name: string }>();
  const stars: string[] = [];
  let barrel = true;
  const add = (source: string, name: string) => {
    const known = imports.find((i) => i.source === source);
    if (!known) imports.push({ source, names: name === "*" ? "*" : [name] });
    else if (name === "*") known.names = "*";
    else if (known.names !== "*") known.names.push(name);
  };
  for (const node of body) {
    if (node.type === "ImportDeclaration" && node.source) {
      const source = node.source.value;
      if (!node.specifiers?.length) {
        barrel = false;
        add(source, "*");
      }
      for (const s of node.specifiers ?? []) {
        const name =
          s.type === "ImportNamespaceSpecifier"
            ? "*"
            : s.type === "ImportDefaultSpecifier"
              ? "default"
              : nameOfNode(s.imported);
        locals.set(nameOfNode(s.local), { source, name });
        add(source, name);
      }
    } else if (node.type === "ExportAllDeclaration" && node.source) {
      const source = node.source.value;
      if (node.exported) reexports.set(nameOfNode(node.exported), { source, name: "*" });
      else stars.push(source);
      add(source, "*");
    } else if (node.type === "ExportNamedDeclaration" && !node.declaration) {
      for (const s of node.specifiers ?? []) {
        const local = nameOfNode(s.local);
        const from = node.source ? { source: node.source.value, name: local } : locals.get(local);
        if (from) reexports.set(nameOfNode(s.exported), from);
        else barrel = false;
        if (node.source) add(node.source.value, local);
      }
    } else if (!(node.type === "ExpressionStatement" && node.directive)) {
      barrel = false;
    }
  }
  const sources = [
    ...new Set([...imports.map((i) => i.source), ...stars, ...[...reexports.values()].map((r) => r.source)]),
  ];
  const ids = new Map(await Promise.all(sources.map(async (s) => [s, await res(s)] as const)));
  return {
    barrel,
    imports: imports.map((i) => ({ id: ids.get(i.source), names: i.names })),
    reexports: new Map([...reexports].map(([k, r]) => [k, { id: ids.get(r.source), name: r.name }])),
    stars: stars.map((s) => ids.get(s)),
  };
}
