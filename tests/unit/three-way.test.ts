import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/dates";
import type { ClinicalGrade, ShiftType } from "../../common/enums";
import { DEFAULT_WTR_LIMITS, swapWarnings } from "../../common/working-time";
import type { WorkingTimeShift } from "../../common/working-time-types";
import { warningsOfTaking } from "../../server/swaps/find-matches";
import {
  type Cycle,
  cycleIssue,
  findThreeWays,
  firstSwaps,
  type Need,
  type Person,
  type Population,
} from "../../server/swaps/three-way-cycles";

const limits = DEFAULT_WTR_LIMITS;
const FIRST = "2027-03-01";

// One person's days: working a day or a night (maybe a need of theirs), an Available Off Day, a plain
// rest day, or nothing. Close dates and nights make rest warnings common.
const dayKind = fc.constantFrom("day", "night", "day-need", "night-need", "cover-need", "free", "rest", "none");
const personArb = fc.record({
  grade: fc.constantFrom<ClinicalGrade>("paramedic", "paramedic", "paramedic", "technician"),
  hub: fc.constantFrom("Dudley Hub", "Coventry Hub"),
  days: fc.array(dayKind, { minLength: 8, maxLength: 8 }),
});
const populationArb = fc.array(personArb, { minLength: 3, maxLength: 6 });

const times: Record<string, [string, string]> = { day: ["07:00", "19:00"], night: ["19:00", "07:00"] };

type Spec = { grade: ClinicalGrade; hub: string; days: string[] }[];

function build(spec: Spec): Population {
  const people = new Map<number, Person>();
  const needs: Need[] = [];
  let shiftId = 1;
  spec.forEach((p, i) => {
    const id = i + 1;
    const window: WorkingTimeShift[] = [];
    const offDays = new Set<string>();
    p.days.forEach((kind, d) => {
      const date = addDays(FIRST, d);
      if (kind === "free") offDays.add(date);
      if (kind === "free" || kind === "rest" || kind === "none") return;
      const [startTime, endTime] = times[kind.startsWith("night") ? "night" : "day"];
      const shiftType: ShiftType =
        kind === "cover-need" ? "seeking_coverage" : kind.startsWith("night") ? "night" : "day";
      window.push({ date, shiftType, startTime, endTime });
      if (kind.endsWith("need")) needs.push({ shiftId: shiftId++, ownerId: id, date, shiftType, startTime, endTime });
    });
    people.set(id, { id, clinicalGrade: p.grade, hub: p.hub, offDays, window });
  });
  return { people, needs };
}

/** The reference: `who` can take `need` by the issue's words, checked the long way. */
function canTake(pop: Population, who: Person, need: Need): boolean {
  const owner = pop.people.get(need.ownerId) as Person;
  return (
    who.id !== owner.id &&
    who.clinicalGrade === owner.clinicalGrade &&
    who.offDays.has(need.date) &&
    warningsOfTaking(who.window, need, limits).length === 0
  );
}

/** Every three-way swap through `a`, by trying every pair of other needs. */
function bruteForce(pop: Population, a: Need): string[] {
  const out: string[] = [];
  const owner = (n: Need) => pop.people.get(n.ownerId) as Person;
  for (const b of pop.needs) {
    for (const c of pop.needs) {
      const [A, B, C] = [owner(a), owner(b), owner(c)];
      if (new Set([A.id, B.id, C.id]).size < 3) continue;
      if (A.clinicalGrade !== B.clinicalGrade || B.clinicalGrade !== C.clinicalGrade) continue;
      if (!canTake(pop, B, a) || !canTake(pop, C, b) || !canTake(pop, A, c)) continue;
      if (canTake(pop, A, b) || canTake(pop, B, c) || canTake(pop, C, a)) continue;
      out.push(`${b.shiftId}>${c.shiftId}`);
    }
  }
  return out.sort();
}

const key = (x: Cycle) => `${x.b.shiftId}>${x.c.shiftId}`;

describe("three-way swap finder", () => {
  it("reports exactly the valid three-way swaps through the need (brute-force reference)", () => {
    let found = 0;
    fc.assert(
      fc.property(populationArb, (spec) => {
        const pop = build(spec);
        for (const a of pop.needs) {
          const cycles = findThreeWays(pop, a, limits);
          expect(cycles.map(key).sort()).toEqual(bruteForce(pop, a));
          found += cycles.length;
        }
      }),
      { numRuns: 400, seed: 37 },
    );
    // The populations are rich enough to contain some.
    expect(found).toBeGreaterThan(20);
  });

  it("never reports a swap with a direct pair, a new rest warning, or the same person twice", () => {
    fc.assert(
      fc.property(populationArb, (spec) => {
        const pop = build(spec);
        const owner = (n: Need) => pop.people.get(n.ownerId) as Person;
        for (const a of pop.needs) {
          for (const cycle of findThreeWays(pop, a, limits)) {
            const { b, c } = cycle;
            const [A, B, C] = [owner(a), owner(b), owner(c)];
            expect(new Set([A.id, B.id, C.id]).size).toBe(3);
            expect(cycleIssue(pop.people, cycle, limits)).toBeNull();
            for (const [who, need] of [
              [A, b],
              [B, c],
              [C, a],
            ] as const) {
              expect(canTake(pop, who, need)).toBe(false);
            }
            // Each party as the swap leaves them: their own need gone, the other's shift worked.
            for (const [who, gives, takes] of [
              [A, a, c],
              [B, b, a],
              [C, c, b],
            ] as const) {
              const before = who.window;
              const after = [...before.filter((s) => s.date !== gives.date), takes];
              const focus = { from: [gives.date, takes.date].sort()[0], to: [gives.date, takes.date].sort()[1] };
              const none = { before: [], after: [] };
              expect(swapWarnings({ requester: none, responder: { before, after } }, focus, limits)).toEqual([]);
            }
          }
        }
      }),
      { numRuns: 400, seed: 38 },
    );
  });

  it("orders by hubs crossed, then by the soonest dates, and keeps to the limit", () => {
    fc.assert(
      fc.property(populationArb, (spec) => {
        const pop = build(spec);
        for (const a of pop.needs) {
          const all = findThreeWays(pop, a, limits);
          const hubs = all.map((x) => new Set([a, x.b, x.c].map((n) => pop.people.get(n.ownerId)?.hub)).size);
          expect(hubs).toEqual([...hubs].sort((p, q) => p - q));
          expect(findThreeWays(pop, a, limits, 1)).toEqual(all.slice(0, 1));
        }
      }),
      { numRuns: 200, seed: 39 },
    );
  });

  it("checking the search's candidates in their order finds its first swaps, whole or in batches", () => {
    let found = 0;
    fc.assert(
      fc.property(
        populationArb,
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        (spec, limit, size) => {
          const pop = build(spec);
          const owner = (n: Need) => pop.people.get(n.ownerId) as Person;
          for (const a of pop.needs) {
            const A = owner(a);
            // As the candidate statement reads them: a B free on a's day, a C free on b's day, c on one
            // of A's free days, three people of A's grade; in its order (hubs crossed, the later then
            // the earlier date, b's then c's shift id).
            const candidates: { b: Need; c: Need; rank: number }[] = [];
            for (const b of pop.needs) {
              for (const c of pop.needs) {
                const [B, C] = [owner(b), owner(c)];
                if (new Set([A.id, B.id, C.id]).size < 3 || B.clinicalGrade !== A.clinicalGrade) continue;
                if (C.clinicalGrade !== A.clinicalGrade) continue;
                if (!B.offDays.has(a.date) || !C.offDays.has(b.date) || !A.offDays.has(c.date)) continue;
                candidates.push({ b, c, rank: new Set([A.hub, B.hub, C.hub]).size });
              }
            }
            const sortKey = (x: (typeof candidates)[number]) =>
              [
                x.rank,
                [x.b.date, x.c.date].sort()[1],
                [x.b.date, x.c.date].sort()[0],
                x.b.shiftId,
                x.c.shiftId,
              ] as const;
            candidates.sort((x, y) => {
              const [p, q] = [sortKey(x), sortKey(y)];
              const i = p.findIndex((v, k) => v !== q[k]);
              return i < 0 ? 0 : p[i] < q[i] ? -1 : 1;
            });
            const expected = findThreeWays(pop, a, limits, limit).map(key);
            expect(firstSwaps(pop.people, a, candidates, limits, limit).map(key)).toEqual(expected);
            const batched: Cycle[] = [];
            for (let i = 0; i < candidates.length && batched.length < limit; i += size) {
              batched.push(...firstSwaps(pop.people, a, candidates.slice(i, i + size), limits, limit - batched.length));
            }
            expect(batched.map(key)).toEqual(expected);
            found += expected.length;
          }
        },
      ),
      { numRuns: 400, seed: 40 },
    );
    expect(found).toBeGreaterThan(20);
  });

  it("with the rest checks off, decides by grade and Available Off Days alone", () => {
    const pop = build([
      {
        grade: "paramedic",
        hub: "Dudley Hub",
        days: ["day-need", "none", "none", "free", "none", "none", "none", "none"],
      },
      {
        grade: "paramedic",
        hub: "Dudley Hub",
        days: ["free", "day-need", "none", "none", "none", "none", "none", "none"],
      },
      {
        grade: "paramedic",
        hub: "Coventry Hub",
        days: ["none", "free", "none", "cover-need", "none", "none", "none", "none"],
      },
    ]);
    const [a] = pop.needs;
    const cycles = findThreeWays(pop, a, null);
    expect(cycles.map((x) => [x.b.ownerId, x.c.ownerId])).toEqual([[2, 3]]);
  });
});
