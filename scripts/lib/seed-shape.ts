// What the seeded service looks like, printed at seed time (docs/benchmarks.md, "The seeded
// service"): so match counts, cover-alert reach and swap chains measured on it can be read.
import { Prng } from "./prng";
import { isWorked, LEAVE, OFF_DAY, REST, rotaLines } from "./rota";
import { DAYS, PAST_DAYS, type Roster, SEEKING } from "./seed-roster";

export type ShapePerson = { id: number; grade: string; hub: string };

export type SeedShape = {
  /** Per user over the roster's year: worked shifts, leave shifts, rest days (offered ones included). */
  perUser: { worked: number; leave: number; rest: number };
  /** Users per rota line, in per cent. */
  lines: Record<string, number>;
  /** Future worked shifts put up for cover, in per cent. */
  seekingPct: number;
  /** Future rest days marked Available Off Day, in per cent. */
  offeredPct: number;
  /** Same-grade colleagues with an Available Off Day on the day of a shift seeking cover. */
  matches: { mean: number; median: number; inHubMean: number; nonePct: number; noneInHubPct: number };
  /** Of a sample of shifts seeking cover: with a swap back (two-way), or only through a third person. */
  chains: { sample: number; twoWayPct: number; threeWayOnlyPct: number };
  /** The same with every colleague in the requester's hub, where most swaps are made. */
  hubChains: { sample: number; twoWayPct: number; threeWayOnlyPct: number };
};

const round1 = (x: number) => Math.round(x * 10) / 10;
const pctOf = (a: number, b: number) => (b === 0 ? 0 : round1((100 * a) / b));

/** Users with a given kind of day, per (grade, day), and per (grade, hub, day). */
function indexDays(people: ShapePerson[], kinds: Uint8Array, wanted: (k: number, i: number) => boolean) {
  const grades = [...new Set(people.map((p) => p.grade))];
  const hubs = [...new Set(people.map((p) => p.hub))];
  const byDay = new Map<number, number[]>();
  const hubCount = new Int32Array(grades.length * hubs.length * DAYS);
  for (const [u, p] of people.entries()) {
    const g = grades.indexOf(p.grade);
    const h = hubs.indexOf(p.hub);
    for (let d = PAST_DAYS; d < DAYS; d++) {
      if (!wanted(kinds[u * DAYS + d], u * DAYS + d)) continue;
      const key = g * DAYS + d;
      const list = byDay.get(key);
      if (list) list.push(u);
      else byDay.set(key, [u]);
      hubCount[(g * hubs.length + h) * DAYS + d] += 1;
    }
  }
  const gradeOf = (u: number) => grades.indexOf(people[u].grade);
  const hubOf = (u: number) => hubs.indexOf(people[u].hub);
  return {
    on: (u: number, d: number) => byDay.get(gradeOf(u) * DAYS + d) ?? [],
    inHub: (u: number, d: number) => hubCount[(gradeOf(u) * hubs.length + hubOf(u)) * DAYS + d],
  };
}

/** Days each user seeks cover on. */
function seekingDays(n: number, roster: Roster): number[][] {
  const out: number[][] = Array.from({ length: n }, () => []);
  for (let u = 0; u < n; u++) {
    for (let d = PAST_DAYS; d < DAYS; d++) if (roster.flags[u * DAYS + d] & SEEKING) out[u].push(d);
  }
  return out;
}

export function seedShape(people: ShapePerson[], roster: Roster, sampleSize = 200): SeedShape {
  const { kinds, flags, lines } = roster;
  const n = people.length;
  let worked = 0;
  let leave = 0;
  let rest = 0;
  let futureWorked = 0;
  let futureSeeking = 0;
  let futureRest = 0;
  let futureOffered = 0;
  for (let i = 0; i < kinds.length; i++) {
    const k = kinds[i];
    const future = i % DAYS > PAST_DAYS;
    if (isWorked(k)) {
      worked++;
      if (future) futureWorked++;
      if (future && flags[i] & SEEKING) futureSeeking++;
    } else if (k === LEAVE) leave++;
    else if (k === REST || k === OFF_DAY) {
      rest++;
      if (future) futureRest++;
      if (future && k === OFF_DAY) futureOffered++;
    }
  }
  const offered = indexDays(people, kinds, (k) => k === OFF_DAY);
  const seekers = indexDays(people, kinds, (_, i) => (flags[i] & SEEKING) !== 0);
  const seeks = seekingDays(n, roster);
  const counts: number[] = [];
  let inHub = 0;
  let noneInHub = 0;
  const all: [number, number][] = [];
  for (let u = 0; u < n; u++) {
    for (const d of seeks[u]) {
      counts.push(offered.on(u, d).length);
      const own = offered.inHub(u, d);
      inHub += own;
      if (own === 0) noneInHub++;
      all.push([u, d]);
    }
  }
  counts.sort((a, b) => a - b);
  const lineShare: Record<string, number> = {};
  for (const [i, l] of rotaLines.entries()) lineShare[l.id] = pctOf(lines.filter((x) => x === i).length, n);
  return {
    perUser: { worked: round1(worked / n), leave: round1(leave / n), rest: round1(rest / n) },
    lines: lineShare,
    seekingPct: pctOf(futureSeeking, futureWorked),
    offeredPct: pctOf(futureOffered, futureRest),
    matches: {
      mean: round1(counts.reduce((s, c) => s + c, 0) / Math.max(1, counts.length)),
      median: counts[Math.floor(counts.length / 2)] ?? 0,
      inHubMean: round1(inHub / Math.max(1, counts.length)),
      nonePct: pctOf(counts.filter((c) => c === 0).length, counts.length),
      noneInHubPct: pctOf(noneInHub, counts.length),
    },
    chains: chainsOf(all, kinds, offered.on, seekers.on, seeks, sampleSize),
    hubChains: chainsOf(
      all,
      kinds,
      (u, d) => offered.on(u, d).filter((v) => people[v].hub === people[u].hub),
      (u, d) => seekers.on(u, d).filter((v) => people[v].hub === people[u].hub),
      seeks,
      sampleSize,
    ),
  };
}

/**
 * For a sample of shifts seeking cover (A's day x): a two-way swap is a colleague B free on x who
 * seeks cover on a day A is free; a three-way chain, failing that, is B free on x seeking cover on
 * y, and C free on y seeking cover on a day A is free.
 */
function chainsOf(
  all: [number, number][],
  kinds: Uint8Array,
  offeredOn: (u: number, d: number) => number[],
  seekersOn: (u: number, d: number) => number[],
  seeks: number[][],
  sampleSize: number,
) {
  const rng = new Prng("seed-shape");
  const sample = all.length <= sampleSize ? all : Array.from({ length: sampleSize }, () => rng.pick(all));
  let twoWay = 0;
  let threeWay = 0;
  for (const [a, x] of sample) {
    const free = (d: number) => kinds[a * DAYS + d] === REST || kinds[a * DAYS + d] === OFF_DAY;
    const backs = (b: number) => seeks[b].some(free);
    const partners = offeredOn(a, x).filter((b) => b !== a);
    if (partners.some(backs)) {
      twoWay++;
      continue;
    }
    // Who would take one of A's free days: those seeking cover on them.
    const closers = new Set<number>();
    for (let d = PAST_DAYS; d < DAYS; d++) if (free(d)) for (const c of seekersOn(a, d)) closers.add(c);
    const found = partners.some((b) => seeks[b].some((y) => offeredOn(a, y).some((c) => c !== a && closers.has(c))));
    if (found) threeWay++;
  }
  return {
    sample: sample.length,
    twoWayPct: pctOf(twoWay, sample.length),
    threeWayOnlyPct: pctOf(threeWay, sample.length),
  };
}

/** The summary line the seed prints. */
export function describeShape(s: SeedShape): string {
  const lines = Object.entries(s.lines)
    .map(([k, v]) => `${k} ${v}%`)
    .join(", ");
  return (
    `shape: per user a year ${s.perUser.worked} shifts, ${s.perUser.leave} on leave, ${s.perUser.rest} rest days; ` +
    `lines ${lines}; ${s.seekingPct}% of future shifts seek cover, ${s.offeredPct}% of future rest days offered; ` +
    `a shift seeking cover has ${s.matches.mean} same-grade colleagues free that day (median ${s.matches.median}, ` +
    `${s.matches.inHubMean} in its hub; none: ${s.matches.nonePct}%, none in hub: ${s.matches.noneInHubPct}%); ` +
    `of ${s.chains.sample} sampled, ${s.chains.twoWayPct}% have a two-way swap, ${s.chains.threeWayOnlyPct}% only a ` +
    `three-way chain (in their hub: ${s.hubChains.twoWayPct}%, ${s.hubChains.threeWayOnlyPct}%)`
  );
}
