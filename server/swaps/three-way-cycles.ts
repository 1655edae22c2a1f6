import type { ClinicalGrade, ShiftType } from "../../common/enums";
import { sameGrade } from "../../common/swap-rules";
import { shiftWindow } from "../../common/working-time";
import type { WorkingTimeShift, WtrLimits } from "../../common/working-time-types";
import { warningsOfTaking } from "./find-matches";

// The three-way cycle rules of issue 37 as pure functions over a population (no database): the
// search runs them over the candidates its statements fetched, POST over the three locked shifts,
// and tests/unit/three-way.test.ts against a brute-force reference.

/** A need: a shift its owner wants covered (a Seeking Coverage shift, or one of their open request). */
export type Need = {
  shiftId: number;
  ownerId: number;
  date: string;
  shiftType: ShiftType;
  startTime: string | null;
  endTime: string | null;
};

export type Person = {
  id: number;
  clinicalGrade: ClinicalGrade;
  hub: string | null;
  /** Their Available Off Days (at least on the dates that matter). */
  offDays: ReadonlySet<string>;
  /** Their working shifts (day, night, seeking coverage), by date, around every date that matters. */
  window: readonly WorkingTimeShift[];
};

export type Population = { people: ReadonlyMap<number, Person>; needs: readonly Need[] };
export type Cycle = { a: Need; b: Need; c: Need };

/** Why `who` cannot take `need`: not their grade, not an Available Off Day, or a new rest warning. */
export type TakeIssue = "self" | "grade" | "not_free" | "warning";

/**
 * Whether `who` can take `need` (issue 37): someone else's need, same clinical grade, an Available
 * Off Day on its date, and no new working-time warning from working it. Giving their own need away
 * only removes work, so what a three-way swap does to each party's rest is this check on what they take.
 */
export function takeIssue(who: Person, owner: Person, need: Need, limits: WtrLimits | null): TakeIssue | null {
  if (who.id === owner.id) return "self";
  if (!sameGrade(who, owner)) return "grade";
  if (!who.offDays.has(need.date)) return "not_free";
  if (!limits) return null;
  // Only the days the check reads: a person's window may span several dates they might take.
  const span = shiftWindow({ from: need.date, to: need.date }, limits);
  const before = who.window.filter((s) => s.date >= span.from && s.date <= span.to);
  return warningsOfTaking(before, need, limits).length > 0 ? "warning" : null;
}

export type CycleIssue =
  | { kind: "same_person" }
  | { kind: "grade" }
  | { kind: "not_free" | "warning"; who: Person; need: Need }
  | { kind: "direct_pair" };

/**
 * Whether A, B, C (the owners of a, b, c) make a three-way swap: three distinct same-grade people,
 * B can take a, C can take b, A can take c, and no two of them could swap directly (A can take b,
 * B can take c or C can take a would each make a pair).
 */
export function cycleIssue(
  people: ReadonlyMap<number, Person>,
  { a, b, c }: Cycle,
  limits: WtrLimits | null,
  can: CanTake = canTakeIn(people, limits),
): CycleIssue | null {
  const [A, B, C] = [people.get(a.ownerId), people.get(b.ownerId), people.get(c.ownerId)];
  if (!A || !B || !C || A.id === B.id || B.id === C.id || A.id === C.id) return { kind: "same_person" };
  if (!sameGrade(A, B) || !sameGrade(B, C)) return { kind: "grade" };
  for (const [who, need] of [
    [B, a],
    [C, b],
    [A, c],
  ] as const) {
    const issue = can(who, need);
    if (issue === "not_free" || issue === "warning") return { kind: issue, who, need };
    if (issue) return { kind: "grade" };
  }
  if (can(A, b) === null || can(B, c) === null || can(C, a) === null) return { kind: "direct_pair" };
  return null;
}

type CanTake = (who: Person, need: Need) => TakeIssue | null;

/** `takeIssue` over a population, each (person, need) worked out once. */
export function canTakeIn(people: ReadonlyMap<number, Person>, limits: WtrLimits | null): CanTake {
  const memo = new Map<string, TakeIssue | null>();
  return (who, need) => {
    const owner = people.get(need.ownerId);
    if (!owner) return "self";
    // The cheap rules first: most candidates are not free that day and need no rest check.
    if (who.id === owner.id) return "self";
    if (!who.offDays.has(need.date)) return "not_free";
    const key = `${who.id}|${need.shiftId}`;
    let issue = memo.get(key);
    if (issue === undefined) {
      issue = takeIssue(who, owner, need, limits);
      memo.set(key, issue);
    }
    return issue;
  };
}

/**
 * The swaps among candidate cycles through `a`, checked in the order given until `limit` are found.
 * Given the candidates in the order `findThreeWays` lists swaps (the search's statement sorts them
 * so), these are its first swaps among them; each check reads only the three people's off days and
 * windows, so a caller can read the windows of a batch of candidates at a time.
 */
export function firstSwaps(
  people: ReadonlyMap<number, Person>,
  a: Need,
  candidates: readonly { b: Need; c: Need }[],
  limits: WtrLimits | null,
  limit: number,
  can: CanTake = canTakeIn(people, limits),
): Cycle[] {
  const found: Cycle[] = [];
  for (const { b, c } of candidates) {
    if (found.length >= limit) break;
    const cycle = { a, b, c };
    if (cycleIssue(people, cycle, limits, can) === null) found.push(cycle);
  }
  return found;
}

/** Hubs a swap crosses: how many different hubs its three parties come from, less one. */
export function hubsCrossed(people: readonly Pick<Person, "hub">[]): number {
  return new Set(people.map((p) => p.hub ?? "")).size - 1;
}

// Days as yyyy-MM-dd sort as text.
const latest = (x: Cycle) => [x.b.date, x.c.date].sort()[1];
const earliest = (x: Cycle) => [x.b.date, x.c.date].sort()[0];
const cmp = (x: string | number, y: string | number) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * Every three-way swap through `a` (one of its owner's needs) in the population, best first: fewest
 * hubs crossed, then the soonest last date, the soonest first date, then by shift ids; at most `limit`.
 */
export function findThreeWays(pop: Population, a: Need, limits: WtrLimits | null, limit = Infinity): Cycle[] {
  const A = pop.people.get(a.ownerId);
  if (!A) return [];
  const can = canTakeIn(pop.people, limits);
  const needsOf = new Map<number, Need[]>();
  for (const n of pop.needs) needsOf.set(n.ownerId, [...(needsOf.get(n.ownerId) ?? []), n]);
  // Who is free on each day: only they can take a need that day.
  const freeOn = new Map<string, Person[]>();
  for (const p of pop.people.values()) {
    for (const day of p.offDays) freeOn.set(day, [...(freeOn.get(day) ?? []), p]);
  }
  const found: { cycle: Cycle; hubs: number }[] = [];
  for (const B of freeOn.get(a.date) ?? []) {
    if (B.id === A.id || !sameGrade(A, B) || can(B, a) !== null) continue;
    for (const b of needsOf.get(B.id) ?? []) {
      for (const C of freeOn.get(b.date) ?? []) {
        if (C.id === A.id || C.id === B.id || can(C, b) !== null) continue;
        for (const c of needsOf.get(C.id) ?? []) {
          const cycle = { a, b, c };
          if (cycleIssue(pop.people, cycle, limits, can) === null) found.push({ cycle, hubs: hubsCrossed([A, B, C]) });
        }
      }
    }
  }
  found.sort(
    (x, y) =>
      x.hubs - y.hubs ||
      cmp(latest(x.cycle), latest(y.cycle)) ||
      cmp(earliest(x.cycle), earliest(y.cycle)) ||
      x.cycle.b.shiftId - y.cycle.b.shiftId ||
      x.cycle.c.shiftId - y.cycle.c.shiftId,
  );
  return found.slice(0, limit).map((f) => f.cycle);
}
