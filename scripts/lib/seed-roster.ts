// The seeded service's rosters: rota lines per hub, leave, cover sought and days offered
// (docs/benchmarks.md, "The seeded service"). Pure: people and a generator in, arrays out.
import type { SwapUrgency } from "../../common/enums";
import type { Prng } from "./prng";
import { bookLeave, isWorked, lineDays, lineOffsets, NIGHT, OFF_DAY, REST, type RotaLine, rotaLines } from "./rota";

/** Days of roster per user: from 30 days ago to about 11 months ahead. */
export const DAYS = 365;
export const PAST_DAYS = 30;

// Flags per user per day.
export const PROTECTED = 1;
export const SEEKING = 2;
export const NOTE = 4;
export const REQUESTED = 8;

/** Per urgency, the share of future worked shifts put up for cover and of future rest days offered. */
export const seekChance: Record<SwapUrgency, number> = { urgent: 0.06, none: 0.02, not_available: 0 };
export const offerChance: Record<SwapUrgency, number> = { urgent: 0.12, none: 0.03, not_available: 0 };
/** Shifts a clinician will not give up (e.g. a course they booked). */
const PROTECTED_CHANCE = 0.04;
const NOTE_CHANCE = 0.03;

export type RosterPerson = { id: number; hub: string; urgency: SwapUrgency };

export type Roster = {
  kinds: Uint8Array;
  flags: Uint8Array;
  /** Id of the seeking-coverage row on a user's day, 0 if none. */
  seekingIds: Int32Array;
  /** Each user's rota line (index into rotaLines). */
  lines: Uint8Array;
  nextId: number;
  shiftCount: number;
};

/** The id of the main shift row of user `u` (1-based) on day `d`: fixed, so requests can point at it. */
export const mainId = (u: number, d: number) => (u - 1) * DAYS + d + 1;

/** Each user's line, and their offset on it: a hub's clinicians on one cycle are spread over its days. */
function assignLines(people: RosterPerson[], rng: Prng): { lines: Uint8Array; offsets: Int32Array } {
  const lines = new Uint8Array(people.length);
  const offsets = new Int32Array(people.length);
  const groups = new Map<string, number[]>();
  const weights = rotaLines.map((l, i) => [i, l.weight] as const);
  for (const [i, p] of people.entries()) {
    lines[i] = rng.weighted(weights);
    const key = `${p.hub}|${lines[i]}`;
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  }
  for (const [key, members] of groups) {
    const line = rotaLines[Number(key.slice(key.lastIndexOf("|") + 1))];
    const length = line.cycle?.length ?? 8;
    lineOffsets(members.length, length, rng.int(0, length - 1)).forEach((offset, k) => {
      offsets[members[k]] = offset;
    });
  }
  return { lines, offsets };
}

/** Rest days offered as Available Off Days: future ones, never the day a night shift ends on. */
function offerDays(days: Uint8Array, chance: number, rng: Prng) {
  for (let d = PAST_DAYS; d < days.length; d++) {
    if (days[d] !== REST || (d > 0 && days[d - 1] === NIGHT)) continue;
    if (rng.chance(chance)) days[d] = OFF_DAY;
  }
}

export function makeRosters(people: RosterPerson[], rng: Prng, firstDay: string): Roster {
  const n = people.length;
  const kinds = new Uint8Array(n * DAYS);
  const flags = new Uint8Array(n * DAYS);
  const seekingIds = new Int32Array(n * DAYS);
  let nextId = n * DAYS + 1;
  const firstWeekday = new Date(`${firstDay}T00:00:00Z`).getUTCDay();
  const { lines, offsets } = assignLines(people, rng.fork("lines"));

  for (const [i, p] of people.entries()) {
    const row = i * DAYS;
    const line: RotaLine = rotaLines[lines[i]];
    const days = lineDays(line, DAYS, offsets[i], firstWeekday, rng);
    bookLeave(days, line, rng);
    offerDays(days, offerChance[p.urgency], rng);
    kinds.set(days, row);
    for (let d = 0; d < DAYS; d++) {
      if (!isWorked(days[d])) continue;
      const at = row + d;
      if (rng.chance(PROTECTED_CHANCE)) flags[at] |= PROTECTED;
      else if (d > PAST_DAYS && rng.chance(seekChance[p.urgency])) {
        flags[at] |= SEEKING;
        seekingIds[at] = nextId++;
      }
      if (rng.chance(NOTE_CHANCE)) flags[at] |= NOTE;
    }
  }
  return { kinds, flags, seekingIds, lines, nextId, shiftCount: nextId - 1 };
}
