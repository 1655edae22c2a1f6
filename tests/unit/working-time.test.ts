import { TZDate } from "@date-fns/tz";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/dates";
import type { ShiftType } from "../../common/enums";
import { dayNumber, dayString, londonMinuteOf } from "../../common/london-time";
import { warningSchema } from "../../common/swaps";
import {
  type BeforeAfter,
  DEFAULT_WTR_LIMITS,
  type Focus,
  findBreaches,
  isWarning,
  newBreaches,
  rosterWarnings,
  shiftWindow,
  swapWarnings,
  theirMessage,
  type Warning,
} from "../../common/working-time";
import type { WorkingTimeShift, WtrLimits } from "../../common/working-time-types";

const limits = DEFAULT_WTR_LIMITS;
const shift = (date: string, shiftType: ShiftType, startTime: string | null = null, endTime: string | null = null) => ({
  date,
  shiftType,
  startTime,
  endTime,
});
const day = (date: string, start = "07:00", end = "19:00") => shift(date, "day", start, end);
const night = (date: string, start = "19:00", end = "07:00") => shift(date, "night", start, end);
const at = (date: string): Focus => ({ from: date, to: date });
const rules = (list: { rule: string }[]) => list.map((b) => b.rule);

describe("a warning read by the other party", () => {
  it("speaks of them, not of the reader, in every rule's message", () => {
    expect(
      theirMessage(
        "Only 4 h rest between your night shift ending Sat 12 Dec 7:00 AM and the day shift starting 11:00 AM",
      ),
    ).toBe("Only 4 h rest between their night shift ending Sat 12 Dec 7:00 AM and the day shift starting 11:00 AM");
    expect(
      theirMessage(
        "No 24 h off in a row from Mon 7 Dec to Sun 13 Dec: your longest break is 12 h (48 h over 14 days would also do)",
      ),
    ).toContain("their longest break");
    expect(
      theirMessage(
        "Your week averages 72.1 h over the 17 weeks Mon 5 Oct – Sun 31 Jan (limit 48 h unless you have opted out)",
      ),
    ).toBe(
      "Their week averages 72.1 h over the 17 weeks Mon 5 Oct – Sun 31 Jan (limit 48 h unless they have opted out)",
    );
    expect(
      theirMessage(
        "Working nights, you average 12 h in every 24 h over the 17 weeks Mon 5 Oct – Sun 31 Jan (limit 8 h)",
      ),
    ).toBe("Working nights, they average 12 h in every 24 h over the 17 weeks Mon 5 Oct – Sun 31 Jan (limit 8 h)");
  });
});

describe("the calendar's marks on one's own roster", () => {
  const withIds = <T extends object>(list: T[]) => list.map((s, i) => ({ ...s, id: i + 1 }));

  it("marks both shifts around a short rest with the message, and nothing else", () => {
    const roster = withIds([
      day("2026-12-08"),
      night("2026-12-11"),
      day("2026-12-12", "11:00", "23:00"),
      shift("2026-12-13", "rest_day"),
      day("2026-12-20"),
    ]);
    const marks = rosterWarnings(roster, { from: "2026-11-29", to: "2027-01-09" }, limits);
    expect([...marks.keys()].sort()).toEqual([2, 3]);
    const message =
      "Only 4 h rest between your night shift ending Sat 12 Dec 7:00 AM and the day shift starting 11:00 AM";
    expect(marks.get(2)).toEqual([{ rule: "daily_rest", message, dates: ["2026-12-11", "2026-12-12"] }]);
    expect(marks.get(3)).toEqual(marks.get(2));
    // Only the shown days are marked: the night's day is outside this focus.
    expect([...rosterWarnings(roster, at("2026-12-12"), limits).keys()]).toEqual([3]);
  });

  it("marks every working shift of a week without its rest once, with the worst window", () => {
    // Three weeks on: the middle week has no 24 h off, and no fortnight around it holds 48 h.
    const days = Array.from({ length: 21 }, (_, i) => addDays("2026-12-01", i));
    const roster = withIds(days.map((d) => day(d)));
    const marks = rosterWarnings(roster, { from: "2026-11-29", to: "2027-01-09" }, limits);
    expect(marks.has(roster.find((s) => s.date === "2026-12-11")?.id ?? 0)).toBe(true);
    for (const list of marks.values()) {
      expect(rules(list)).toEqual(["weekly_rest"]);
      expect(list[0].message).toMatch(/your longest break is 12 h/);
    }
  });

  it("marks nothing in a roster within the rules, and the checks never mark time off", () => {
    const roster = withIds([day("2026-12-01"), night("2026-12-03"), shift("2026-12-05", "annual_leave")]);
    expect(rosterWarnings(roster, { from: "2026-11-29", to: "2027-01-09" }, limits).size).toBe(0);
  });
});

describe("Europe/London wall-clock time", () => {
  it("agrees with @date-fns/tz on every quarter hour, including both clock changes", () => {
    const days = fc.constantFrom("2026-03-29", "2026-10-25", "2027-03-28", "2025-10-26", "2026-06-15", "2026-12-12");
    fc.assert(
      fc.property(days, fc.integer({ min: -2, max: 2 }), fc.integer({ min: 0, max: 95 }), (d, shiftDays, q) => {
        const date = addDays(d, shiftDays);
        const [y, m, dd] = date.split("-").map(Number);
        const expected = new TZDate(y, m - 1, dd, Math.floor(q / 4), (q % 4) * 15, "Europe/London").getTime() / 60_000;
        expect(londonMinuteOf(dayNumber(date), q * 15)).toBe(expected);
      }),
      { numRuns: 400 },
    );
  });
});

describe("working-time rules", () => {
  it("says at a glance how little rest a night then a day leaves", () => {
    const breaches = findBreaches([night("2026-12-11"), day("2026-12-12", "11:00", "23:00")], at("2026-12-12"), limits);
    expect(breaches).toHaveLength(1);
    expect(breaches[0]).toMatchObject({
      rule: "daily_rest",
      message: "Only 4 h rest between your night shift ending Sat 12 Dec 7:00 AM and the day shift starting 11:00 AM",
      dates: ["2026-12-11", "2026-12-12"],
    });
    const back = findBreaches([night("2026-12-11"), day("2026-12-12")], at("2026-12-12"), limits);
    expect(back[0].message).toBe(
      "No rest between your night shift ending Sat 12 Dec 7:00 AM and the day shift starting 7:00 AM",
    );
  });

  it("gives 11 h or more of rest no warning, and names the next day when the gap runs past midnight", () => {
    expect(findBreaches([day("2026-12-10"), day("2026-12-11", "06:00", "18:00")], at("2026-12-11"), limits)).toEqual(
      [],
    );
    const late = findBreaches(
      [day("2026-12-10", "14:00", "23:30"), day("2026-12-11", "07:00")],
      at("2026-12-11"),
      limits,
    );
    expect(late[0].message).toBe(
      "Only 7 h 30 min rest between your day shift ending Thu 10 Dec 11:30 PM and the day shift starting Fri 11 Dec 7:00 AM",
    );
  });

  it("times untimed shifts with SPEC's display fallback and counts seeking coverage as the user's own work", () => {
    // Untimed night 18:00–06:00, then seeking coverage 14:00: 8 h rest.
    const breaches = findBreaches(
      [shift("2026-12-01", "night"), shift("2026-12-02", "seeking_coverage", "14:00", "22:00")],
      at("2026-12-02"),
      limits,
    );
    expect(breaches.map((b) => b.message)).toEqual([
      "Only 8 h rest between your night shift ending Wed 2 Dec 6:00 AM and the day shift starting 2:00 PM",
    ]);
    // Rest days and leave are time off; a seeking-coverage entry beside its own shift is the same work.
    expect(
      findBreaches(
        [day("2026-12-01"), shift("2026-12-01", "seeking_coverage", "07:00", "19:00"), shift("2026-12-02", "rest_day")],
        at("2026-12-01"),
        limits,
      ),
    ).toEqual([]);
  });

  it("measures real hours across the clock changes", () => {
    // 29 Mar 2026 the clocks go forward: a night 19:00–07:00 is 11 real hours; 20:00 to 07:00 next is 10 h.
    const spring = findBreaches(
      [day("2026-03-28", "08:00", "20:00"), day("2026-03-29", "07:00")],
      at("2026-03-29"),
      limits,
    );
    expect(spring[0].message).toContain("Only 10 h rest");
    // 25 Oct 2026 they go back: 20:00 to 06:00 is 11 real hours, no breach.
    expect(
      findBreaches(
        [day("2026-10-24", "08:00", "20:00"), day("2026-10-25", "06:00", "18:00")],
        at("2026-10-25"),
        limits,
      ),
    ).toEqual([]);
  });

  it("finds a week without a day off unless the fortnight holds 48 hours", () => {
    const days = Array.from({ length: 35 }, (_, i) => addDays("2026-11-16", i));
    const everyDay = days.map((d) => day(d, "07:00", "19:00"));
    const weekly = findBreaches(everyDay, at("2026-12-06"), limits).filter((b) => b.rule === "weekly_rest");
    expect(weekly.length).toBeGreaterThan(0);
    expect(weekly[0].message).toMatch(/^No 24 h off in a row from .* your longest break is 12 h/);
    // Twelve days on, two off, twelve on: no week holds 24 h off, yet every fortnight holds 48 h.
    const blocks = days.filter((_, i) => i % 14 < 12).map((d) => day(d));
    expect(findBreaches(blocks, at("2026-12-03"), limits).filter((b) => b.rule === "weekly_rest")).toEqual([]);
  });

  it("reports an average week above the limit with its figure, and night work above 8 h in 24", () => {
    const period = Array.from({ length: 119 }, (_, i) => addDays("2026-10-05", i));
    // Nights every day but one a week: 6 × 12 h = 72 h a week; 72 × 17 / (17 × 6) = 12 h per 24.
    const nights = period.filter((_, i) => i % 7 !== 6).map((d) => night(d));
    const found = findBreaches(nights, at("2026-12-03"), limits);
    const average = found.find((b) => b.rule === "average_hours");
    expect(average?.message).toBe(
      "Your week averages 72.1 h over the 17 weeks Mon 5 Oct – Sun 31 Jan (limit 48 h unless you have opted out)",
    );
    expect(found.find((b) => b.rule === "night_hours")?.message).toBe(
      "Working nights, you average 12 h in every 24 h over the 17 weeks Mon 5 Oct – Sun 31 Jan (limit 8 h)",
    );
    // The same hours on days: no night-work breach.
    const days = period.filter((_, i) => i % 7 !== 6).map((d) => day(d));
    expect(rules(findBreaches(days, at("2026-12-03"), limits))).not.toContain("night_hours");
  });

  it("warns about what a swap creates, not what was already there, for the right party", () => {
    const requesterBefore = [day("2026-12-12", "11:00", "23:00")];
    const responderBefore = [night("2026-12-11"), shift("2026-12-12", "rest_day")];
    const warnings = swapWarnings(
      {
        requester: { before: requesterBefore, after: [shift("2026-12-12", "rest_day")] },
        responder: { before: responderBefore, after: [night("2026-12-11"), ...requesterBefore] },
      },
      at("2026-12-12"),
      limits,
    );
    expect(warnings).toEqual([
      {
        rule: "daily_rest",
        party: "responder",
        message: "Only 4 h rest between your night shift ending Sat 12 Dec 7:00 AM and the day shift starting 11:00 AM",
        dates: ["2026-12-11", "2026-12-12"],
      },
    ]);
    for (const w of warnings) {
      expect(warningSchema.parse(w)).toEqual(w);
      expect(isWarning(w)).toBe(true);
    }
    // A swap that takes a breach away warns about nothing.
    const fixes = swapWarnings(
      {
        requester: { before: [night("2026-12-11"), day("2026-12-12", "11:00")], after: [night("2026-12-11")] },
        responder: { before: [], after: [day("2026-12-12", "11:00")] },
      },
      at("2026-12-12"),
      limits,
    );
    expect(fixes).toEqual([]);
  });

  it("asks the caller for the shifts of a window just wide enough", () => {
    expect(shiftWindow({ from: "2026-12-12", to: "2026-12-12" }, limits)).toEqual({
      from: "2026-10-13",
      to: "2027-02-09",
    });
  });
});

// ---------------------------------------------------------------------------------------------
// A brute-force reference: every minute of the window is work or not, and each rule is read off it.

const hm = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const tzMinute = (date: string, minutes: number) => {
  const [y, m, d] = date.split("-").map(Number);
  return new TZDate(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, "Europe/London").getTime() / 60_000;
};

function reference(shifts: WorkingTimeShift[], focus: Focus, lim: WtrLimits): Set<string> {
  const window = shiftWindow(focus, lim);
  const base = tzMinute(window.from, 0);
  const top = tzMinute(addDays(window.to, 2), 0);
  const work = new Uint8Array(top - base);
  const cont = new Uint8Array(top - base);
  const spans: { start: number; end: number; night: boolean }[] = [];
  for (const s of shifts) {
    if (s.shiftType === "rest_day" || s.shiftType === "annual_leave") continue;
    const fb = s.shiftType === "night" ? ["18:00", "06:00"] : ["06:00", "18:00"];
    const [st, en] = s.startTime && s.endTime ? [s.startTime, s.endTime] : fb;
    const a = hm(st);
    const b = hm(en);
    const start = tzMinute(s.date, a) - base;
    const end = tzMinute(b > a ? s.date : addDays(s.date, 1), b) - base;
    if (end <= start) continue;
    spans.push({ start, end, night: s.shiftType === "night" || (s.shiftType !== "day" && (a < 300 || b <= a)) });
    for (let t = start; t < end; t++) work[t] = 1;
    for (let t = start + 1; t < end; t++) cont[t] = 1;
  }
  const out = new Set<string>();
  const f0 = tzMinute(focus.from, 0) - base;
  const f1 = tzMinute(addDays(focus.to, 1), 0) - base;
  const blockStart = (t: number) => {
    let q = t;
    while (cont[q]) q--;
    return q;
  };
  const blockEnd = (t: number) => {
    let u = t + 1;
    while (u < work.length && work[u] && cont[u]) u++;
    return u;
  };
  // daily rest
  for (let t = 0; t < work.length; t++) {
    if (!work[t] || cont[t]) continue;
    let p = t - 1;
    while (p >= 0 && !work[p]) p--;
    if (p < 0) continue;
    const rest = t - 1 - p;
    if (rest >= lim.dailyRestHours * 60) continue;
    const touches = (a: number, b: number) => a < f1 && b > f0;
    if (touches(blockStart(p), p + 1) || touches(t, blockEnd(t)))
      out.add(`daily_rest:${base + p + 1}:${base + t}=${rest}`);
  }
  const runs = (a: number, b: number) => {
    const lengths: number[] = [];
    let run = 0;
    for (let t = a; t < b; t++) {
      if (work[t]) {
        if (run > 0) lengths.push(run);
        run = 0;
      } else run++;
    }
    if (run > 0) lengths.push(run);
    return lengths;
  };
  const mid = (d: string) => tzMinute(d, 0) - base;
  const need = lim.weeklyRestHours * 60;
  for (let d = addDays(focus.from, -6); d <= focus.to; d = addDays(d, 1)) {
    const longest = Math.max(0, ...runs(mid(d), mid(addDays(d, 7))));
    if (longest >= need) continue;
    let covered = false;
    for (let k = 0; k <= 7; k++) {
      const s = addDays(d, -k);
      const r = runs(mid(s), mid(addDays(s, 14)));
      if (Math.max(0, ...r) >= 2 * need || r.filter((x) => x >= need).length >= 2) covered = true;
    }
    if (!covered) out.add(`weekly_rest:${d}=${longest}`);
  }
  const n = lim.referenceWeeks;
  for (let d = focus.from; d <= focus.to; d = addDays(d, 1)) {
    const first = addDays(d, -Math.floor((n * 7) / 2));
    const a = mid(first);
    const b = mid(addDays(first, n * 7));
    let worked = 0;
    for (let t = a; t < b; t++) worked += work[t];
    if (worked / 60 / n > lim.averageWeekHours) out.add(`average_hours:${d}=${worked}`);
    const nightWorker = spans.some((s) => s.night && s.start < b && s.end > a);
    if (nightWorker && worked / 60 / (n * 6) > lim.nightHoursPer24) out.add(`night_hours:${d}=${worked}`);
  }
  return out;
}

const clockChanges = ["2026-03-29", "2026-10-25", "2027-03-28", "2025-10-26"];
const quarter = fc
  .integer({ min: 0, max: 95 })
  .map((q) => `${String(Math.floor(q / 4)).padStart(2, "0")}:${String((q % 4) * 15).padStart(2, "0")}`);
const entry = fc.record({
  shiftType: fc.constantFrom<ShiftType>("day", "day", "night", "night", "seeking_coverage", "rest_day", "annual_leave"),
  times: fc.option(fc.tuple(quarter, quarter), { freq: 4 }),
});
const workEntry = fc.record({
  shiftType: fc.constantFrom<ShiftType>("day", "night", "seeking_coverage"),
  times: fc.option(fc.tuple(quarter, quarter), { freq: 4 }),
});

/** A roster over a window around a focus near a clock change; a dense one works every day. */
function rosterArb(lim: WtrLimits) {
  return fc
    .record({
      change: fc.constantFrom(...clockChanges),
      offset: fc.integer({ min: -8, max: 8 }),
      length: fc.integer({ min: 0, max: 3 }),
      dense: fc.boolean(),
    })
    .chain(({ change, offset, length, dense }) => {
      const focus = { from: addDays(change, offset), to: addDays(change, offset + length) };
      const window = shiftWindow(focus, lim);
      const days: string[] = [];
      for (let d = window.from; d <= window.to; d = addDays(d, 1)) days.push(d);
      return fc
        .tuple(
          ...days.map(() =>
            dense ? fc.array(workEntry, { minLength: 1, maxLength: 2 }) : fc.array(entry, { maxLength: 2 }),
          ),
        )
        .map((perDay) => ({
          focus,
          shifts: perDay.flatMap((list, i) =>
            list.map((e) => shift(days[i], e.shiftType, e.times?.[0] ?? null, e.times?.[1] ?? null)),
          ),
        }));
    });
}

const asSet = (list: { key: string; measure: number }[]) => new Set(list.map((b) => `${b.key}=${b.measure}`));

describe("working-time rules against a minute-by-minute reference", () => {
  const short: WtrLimits = { ...DEFAULT_WTR_LIMITS, referenceWeeks: 3 };

  it("reports a breach exactly when one exists (3-week reference period, random rosters across clock changes)", () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(rosterArb(short), ({ shifts, focus }) => {
        const found = findBreaches(shifts, focus, short);
        for (const b of found) seen.add(b.rule);
        expect(asSet(found)).toEqual(reference(shifts, focus, short));
      }),
      { numRuns: 150, seed: 20261212 },
    );
    // The generated rosters exercise every rule, so agreement is not agreement on "nothing".
    expect([...seen].sort()).toEqual(["average_hours", "daily_rest", "night_hours", "weekly_rest"]);
  });

  it("does the same with the default limits over 17 weeks", () => {
    fc.assert(
      fc.property(rosterArb(limits), ({ shifts, focus }) => {
        expect(asSet(findBreaches(shifts, focus, limits))).toEqual(reference(shifts, focus, limits));
      }),
      { numRuns: 12 },
    );
  });
});

describe("the swap comparison", () => {
  const short: WtrLimits = { ...DEFAULT_WTR_LIMITS, referenceWeeks: 3 };
  const pairArb = fc
    .tuple(rosterArb(short), fc.array(entry, { minLength: 1, maxLength: 2 }), fc.boolean())
    .map(([{ shifts, focus }, extra, remove]) => {
      // "after": the focus day's shifts replaced (taken away or swapped for others).
      const after = [
        ...shifts.filter((s) => s.date !== focus.from),
        ...(remove ? [] : extra.map((e) => shift(focus.from, e.shiftType, e.times?.[0] ?? null, e.times?.[1] ?? null))),
      ];
      return { before: shifts, after, focus };
    });

  it("never reports a breach that was already there, as bad, before the swap", () => {
    fc.assert(
      fc.property(pairArb, ({ before, after, focus }) => {
        const had = new Map(findBreaches(before, focus, short).map((b) => [b.key, b.measure]));
        for (const b of newBreaches(before, after, focus, short)) {
          const was = had.get(b.key);
          if (was === undefined) continue;
          const worse = b.rule === "daily_rest" || b.rule === "weekly_rest" ? b.measure < was : b.measure > was;
          expect(worse).toBe(true);
        }
        expect(newBreaches(before, before, focus, short)).toEqual([]);
        // Everything after the swap is either new, worse, or was there before.
        const reported = new Set(newBreaches(before, after, focus, short).map((b) => b.key));
        for (const b of findBreaches(after, focus, short)) {
          if (!reported.has(b.key)) expect(had.has(b.key)).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("treats both parties alike", () => {
    fc.assert(
      fc.property(pairArb, pairArb, (a, b) => {
        const focus = a.focus;
        const one: BeforeAfter = { before: a.before, after: a.after };
        const two: BeforeAfter = { before: b.before, after: b.after };
        const forward = swapWarnings({ requester: one, responder: two }, focus, short);
        const backward = swapWarnings({ requester: two, responder: one }, focus, short);
        const flip = (w: Warning): Warning => ({ ...w, party: w.party === "requester" ? "responder" : "requester" });
        const sortKey = (w: { party: string; message: string }) => `${w.party}|${w.message}`;
        expect(forward.map(flip).sort((x, y) => sortKey(x).localeCompare(sortKey(y)))).toEqual(
          [...backward].sort((x, y) => sortKey(x).localeCompare(sortKey(y))),
        );
      }),
      { numRuns: 60 },
    );
  });
});

describe("day numbers", () => {
  it("count days from 1970-01-01 as Date.UTC does, and back", () => {
    fc.assert(
      fc.property(fc.integer({ min: -25_000, max: 80_000 }), (n) => {
        const day = new Date(n * 86_400_000).toISOString().slice(0, 10);
        expect(dayNumber(day)).toBe(n);
        expect(dayString(n)).toBe(day);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("isWarning, the browser's check of a warning", () => {
  const good: Warning = { rule: "weekly_rest", party: "requester", message: "m", dates: ["2026-12-01"] };
  it("accepts what the schema accepts and refuses what it refuses", () => {
    const samples: unknown[] = [
      good,
      { ...good, rule: "night_hours", party: "responder", dates: [] },
      { ...good, rule: "lunch" },
      { ...good, party: "other" },
      { ...good, message: 3 },
      { ...good, dates: ["2026-12-01", 4] },
      { ...good, dates: "2026-12-01" },
      { rule: good.rule, party: good.party, message: good.message },
      null,
      "warning",
      [],
    ];
    for (const sample of samples) {
      expect(isWarning(sample), JSON.stringify(sample)).toBe(warningSchema.safeParse(sample).success);
    }
  });
});
