import { describe, expect, it } from "vitest";
import { Prng } from "../../scripts/lib/prng";
import {
  bookLeave,
  DAY,
  isWorked,
  LEAVE,
  lineDays,
  lineOffsets,
  NIGHT,
  OFF_DAY,
  REST,
  type RotaLine,
  rotaLines,
  workedRuns,
} from "../../scripts/lib/rota";
import { DAYS, makeRosters, PAST_DAYS, SEEKING } from "../../scripts/lib/seed-roster";
import { seedShape } from "../../scripts/lib/seed-shape";

const line = (id: string) => rotaLines.find((l) => l.id === id) as RotaLine;
const letters = (days: Uint8Array) =>
  [...days].map((k) => ({ [DAY]: "D", [NIGHT]: "N", [REST]: "R", [LEAVE]: "L", [OFF_DAY]: "A" })[k]).join("");

describe("rota lines", () => {
  it("a 4-on-4-off line works 2 days, 2 nights, then rests 4, from its offset", () => {
    const days = lineDays(line("4on4off"), 16, 0, 1, new Prng("x"));
    expect(letters(days)).toBe("DDNNRRRRDDNNRRRR");
    expect(letters(lineDays(line("4on4off"), 8, 3, 1, new Prng("x")))).toBe("NRRRRDDN");
  });

  it("a weekday line works Monday to Friday", () => {
    // Day 0 a Monday (weekday 1).
    expect(letters(lineDays(line("weekday"), 14, 0, 1, new Prng("x")))).toBe("DDDDDRRDDDDDRR");
  });

  it("a relief line never works more than 4 in a row and rests 2 days after nights", () => {
    for (const seed of ["a", "b", "c"]) {
      const days = lineDays(line("relief"), 365, 5, 1, new Prng(seed));
      expect(Math.max(...workedRuns(days).map(([s, e]) => e - s))).toBeLessThanOrEqual(4);
      for (let d = 0; d + 2 < days.length; d++) {
        if (days[d] === NIGHT && days[d + 1] !== NIGHT) expect([days[d + 1], days[d + 2]]).toEqual([REST, REST]);
      }
    }
  });

  it("leave takes whole runs of shifts, about the year's entitlement, and leaves rest days alone", () => {
    const days = lineDays(line("4on4off"), 365, 0, 1, new Prng("x"));
    const before = letters(days);
    const booked = bookLeave(days, line("4on4off"), new Prng("leave"));
    expect(booked).toBeGreaterThanOrEqual(22);
    expect(booked).toBeLessThan(26);
    const after = letters(days);
    // Rest days are where they were; each leave block is a whole DDNN run.
    for (let d = 0; d < 365; d++) if (before[d] === "R") expect(after[d]).toBe("R");
    for (const m of after.matchAll(/L+/g)) expect(m[0].length % 4).toBe(0);
  });

  it("a hub's clinicians on one cycle cover every day alike", () => {
    const offsets = lineOffsets(16, 8, 5);
    const perDay = Array.from({ length: 8 }, (_, d) =>
      offsets.map((o) => lineDays(line("4on4off"), 8, o, 1, new Prng("x"))[d]),
    );
    for (const day of perDay) {
      expect(day.filter((k) => k === DAY)).toHaveLength(4);
      expect(day.filter((k) => k === NIGHT)).toHaveLength(4);
      expect(day.filter((k) => k === REST)).toHaveLength(8);
    }
  });
});

describe("seeded rosters", () => {
  const people = Array.from({ length: 600 }, (_, i) => ({
    id: i + 1,
    hub: ["Dudley Hub", "Stoke Hub", "Warwick Hub"][i % 3],
    grade: ["paramedic", "technician"][i % 2],
    urgency: (["urgent", "none", "none", "none", "not_available"] as const)[i % 5],
  }));

  it("is the same for the same seed and differs for another", () => {
    const a = makeRosters(people, new Prng("s"), "2026-01-01");
    const b = makeRosters(people, new Prng("s"), "2026-01-01");
    const c = makeRosters(people, new Prng("t"), "2026-01-01");
    expect(Buffer.from(a.kinds).equals(Buffer.from(b.kinds))).toBe(true);
    expect(Buffer.from(a.flags).equals(Buffer.from(b.flags))).toBe(true);
    expect(Buffer.from(a.kinds).equals(Buffer.from(c.kinds))).toBe(false);
  });

  it("puts a few per cent of shifts up for cover and offers a few per cent of rest days, in the future only", () => {
    const roster = makeRosters(people, new Prng("s"), "2026-01-01");
    const shape = seedShape(people, roster, 50);
    expect(shape.seekingPct).toBeGreaterThan(1);
    expect(shape.seekingPct).toBeLessThan(5);
    expect(shape.offeredPct).toBeGreaterThan(2);
    expect(shape.offeredPct).toBeLessThan(8);
    expect(shape.perUser.worked).toBeGreaterThan(150);
    expect(shape.perUser.worked).toBeLessThan(185);
    for (let u = 0; u < people.length; u++) {
      for (let d = 0; d < PAST_DAYS; d++) {
        expect(roster.kinds[u * DAYS + d]).not.toBe(OFF_DAY);
        expect(roster.flags[u * DAYS + d] & SEEKING).toBe(0);
      }
    }
    // Nobody offers the day their night shift ends on.
    for (let i = 1; i < roster.kinds.length; i++) {
      if (i % DAYS !== 0 && roster.kinds[i] === OFF_DAY) expect(roster.kinds[i - 1]).not.toBe(NIGHT);
    }
    // Clinicians not available for swaps neither seek cover nor offer days.
    for (const [u, p] of people.entries()) {
      if (p.urgency !== "not_available") continue;
      for (let d = 0; d < DAYS; d++) {
        expect(isWorked(roster.kinds[u * DAYS + d]) && roster.flags[u * DAYS + d] & SEEKING).toBeFalsy();
        expect(roster.kinds[u * DAYS + d]).not.toBe(OFF_DAY);
      }
    }
  });

  it("counts a shift's matches as same-grade colleagues offering that day", () => {
    const roster = makeRosters(people, new Prng("s"), "2026-01-01");
    const shape = seedShape(people, roster, 50);
    expect(shape.matches.mean).toBeGreaterThan(0);
    expect(shape.matches.inHubMean).toBeLessThanOrEqual(shape.matches.mean);
    expect(shape.chains.sample).toBe(50);
  });
});
