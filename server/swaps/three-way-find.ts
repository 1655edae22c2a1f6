import { todayInLondon } from "../../common/dates";
import { ALL_HUBS } from "../../common/hubs";
import { THREE_WAY_LIMIT, type ThreeWayParty, type ThreeWayQuery, type ThreeWaySwap } from "../../common/three-way";
import type { WtrLimits } from "../../common/working-time-types";
import type { Db } from "../db/open";
import type { UserRow } from "../db/schema";
import { notFound } from "../errors";
import { SHIFT_NOT_FOUND } from "./kernel";
import { shiftsAroundDates } from "./rest-bound";
import { isMyNeed, threeWayShiftOf } from "./three-way-check";
import { findThreeWays, type Need, type Person } from "./three-way-cycles";
import { type ThreeWayCandidate, threeWayCandidates, threeWayShiftRows } from "./three-way-queries";

/**
 * Candidate cycles read for one need, best first, before the rest rules: enough that the rules
 * turning some away still leave THREE_WAY_LIMIT to list.
 */
const CANDIDATES = 100;

type Named = Pick<ThreeWayParty["user"], "firstName" | "lastName" | "clinicalGrade" | "hub">;

/**
 * Issue 37: the three-way swaps through my need `shiftId` (404 when it is not one), at one hub or
 * all (`hub` as the hub browser scopes), best first: fewest hubs crossed, then soonest dates. Three
 * statements: the need, the candidate cycles with the off days that would make a direct pair, and
 * every candidate's working-time windows; the cycle rules then run on them (findThreeWays).
 */
export async function findThreeWaySwaps(
  db: Db,
  me: UserRow,
  shiftId: number,
  hub: ThreeWayQuery["hub"],
  limits: WtrLimits | null,
): Promise<ThreeWaySwap[]> {
  const today = todayInLondon();
  const [mine] = await threeWayShiftRows(db, [shiftId], today);
  if (!mine || mine.ownerId !== me.id || !isMyNeed(mine, today)) throw notFound(SHIFT_NOT_FOUND);
  const scope = hub && hub !== ALL_HUBS ? hub : null;
  const rows = await threeWayCandidates(db, me, mine.date, today, scope, CANDIDATES);
  if (rows.length === 0) return [];
  const { people, needs, names } = populationOf(me, mine, rows);
  const windows = await shiftsAroundDates(db, new Map([...people.values()].map((p) => [p.id, p.offDays])), limits);
  for (const p of people.values()) people.set(p.id, { ...p, window: windows.get(p.id) ?? [] });
  const cycles = findThreeWays({ people, needs }, mine, limits, THREE_WAY_LIMIT);
  const party = (gives: Need, takes: Need): ThreeWayParty => {
    const u = names.get(gives.ownerId) as Named;
    return {
      user: {
        id: gives.ownerId,
        firstName: u.firstName,
        lastName: u.lastName,
        clinicalGrade: u.clinicalGrade,
        hub: u.hub,
      },
      gives: threeWayShiftOf(gives),
      takes: threeWayShiftOf(takes),
    };
  };
  return cycles.map(({ a, b, c }) => ({ parties: [party(a, c), party(b, a), party(c, b)] }));
}

/**
 * The people and needs of the candidate rows, each person's Available Off Days as far as they
 * matter: a B is free on my need's day, a C on their b's day, I on each c's day; the flags add the
 * days that would let two of the three swap directly.
 */
function populationOf(me: UserRow, mine: Need, rows: ThreeWayCandidate[]) {
  const days = new Map<number, Set<string>>();
  const names = new Map<number, Named>([[me.id, me]]);
  const grades = new Map<number, Person["clinicalGrade"]>([[me.id, me.clinicalGrade]]);
  const hubs = new Map<number, string | null>([[me.id, me.hub]]);
  const needs = new Map<number, Need>([[mine.shiftId, mine]]);
  const free = (id: number, day: string) => {
    const set = days.get(id) ?? new Set<string>();
    set.add(day);
    days.set(id, set);
  };
  days.set(me.id, new Set());
  for (const { b, c, meFreeOnB, bFreeOnC, cFreeOnA } of rows) {
    for (const n of [b, c]) {
      needs.set(n.shiftId, n);
      names.set(n.ownerId, n);
      grades.set(n.ownerId, n.clinicalGrade);
      hubs.set(n.ownerId, n.hub);
    }
    free(b.ownerId, mine.date);
    free(c.ownerId, b.date);
    free(me.id, c.date);
    if (meFreeOnB) free(me.id, b.date);
    if (bFreeOnC) free(b.ownerId, c.date);
    if (cFreeOnA) free(c.ownerId, mine.date);
  }
  const people = new Map<number, Person>();
  for (const [id, offDays] of days) {
    people.set(id, {
      id,
      clinicalGrade: grades.get(id) ?? me.clinicalGrade,
      hub: hubs.get(id) ?? null,
      offDays,
      window: [],
    });
  }
  return { people, needs: [...needs.values()], names };
}
