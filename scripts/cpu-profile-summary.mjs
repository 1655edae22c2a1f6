// Sums a V8 CPU profile (`node --cpu-prof`, a .cpuprofile file) by function and by package, without
// a browser: self time (the function itself), total time (with what it calls) and self time per
// package (node_modules/<name>, node's internals, the app's own files).
//
//   node scripts/cpu-profile-summary.mjs <file.cpuprofile> [--last S] [--top N] [--total] [--match TEXT]
//
// Each sample counts for the time to the next one, at most the profile's usual sampling interval:
// a process taken off the CPU (a busy machine, a write that wakes the database) leaves a long gap
// that V8 puts on whatever ran last (most often `writev`), and that gap is not CPU time.
// --last S counts only the samples of the profile's last S seconds (the load, not the start-up).
// --total also prints the top functions by total time; --match TEXT only those whose name has TEXT.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    last: { type: "string" },
    top: { type: "string", default: "25" },
    total: { type: "boolean" },
    match: { type: "string" },
  },
});
if (positionals.length !== 1) {
  console.error("Usage: node scripts/cpu-profile-summary.mjs <file.cpuprofile> [--last S] [--top N] [--total]");
  process.exit(1);
}
const profile = JSON.parse(readFileSync(positionals[0], "utf8"));
const top = Number(values.top);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);

const shortUrl = (url) =>
  url
    .replace(/^file:\/\//, "")
    .replace(/^.*\/node_modules\//, "~/")
    .replace(/^.*\/(dist|server|common)\//, "$1/");

function packageOf(url) {
  if (!url) return "(native / V8)";
  if (url.startsWith("node:")) return "node: internals";
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  return m ? m[1] : "app";
}

function labelOf(node) {
  const f = node.callFrame;
  const name = f.functionName || "(anonymous)";
  if (!f.url) return name;
  return `${name} ${shortUrl(f.url)}:${f.lineNumber + 1}`;
}

// Sample times: the start time plus the running sum of the deltas (microseconds).
const times = [];
let t = profile.startTime;
for (const d of profile.timeDeltas) {
  t += d;
  times.push(t);
}
const sortedDeltas = [...profile.timeDeltas].sort((a, b) => a - b);
const interval = sortedDeltas[Math.floor(sortedDeltas.length / 2)] ?? 0;
const from = values.last ? profile.endTime - Number(values.last) * 1e6 : -Infinity;

const self = new Map();
const total = new Map();
const packages = new Map();
let counted = 0;
let idle = 0;
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);

for (let i = 0; i < profile.samples.length; i++) {
  if (times[i] < from) continue;
  const us = Math.min(interval, i + 1 < times.length ? times[i + 1] - times[i] : 0);
  const leaf = byId.get(profile.samples[i]);
  const name = leaf.callFrame.functionName;
  if (name === "(idle)" || name === "(program)" || name === "(garbage collector)") {
    if (name === "(idle)") idle += us;
    else {
      counted += us;
      add(self, name, us);
      add(packages, name, us);
    }
    continue;
  }
  counted += us;
  add(self, labelOf(leaf), us);
  add(packages, packageOf(leaf.callFrame.url), us);
  if (values.total) {
    const seen = new Set();
    for (let id = leaf.id; id !== undefined; id = parentOf.get(id)) {
      const label = labelOf(byId.get(id));
      if (!seen.has(label)) {
        seen.add(label);
        add(total, label, us);
      }
    }
  }
}

const ms = (us) => (us / 1000).toFixed(0).padStart(7);
const pct = (us) => `${((100 * us) / counted).toFixed(1).padStart(5)} %`;
const print = (title, map) => {
  console.log(`\n${title}`);
  const rows = [...map].filter(([k]) => !values.match || k.includes(values.match));
  for (const [k, us] of rows.sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(us)} ms ${pct(us)}  ${k}`);
};
console.log(
  `busy ${ms(counted)} ms, idle ${ms(idle)} ms${values.last ? ` (last ${values.last} s)` : ""}, ` +
    `sampling interval ${(interval / 1000).toFixed(2)} ms`,
);
print("self time by package", packages);
print("self time by function", self);
if (values.total) print("total time by function (with callees)", total);
