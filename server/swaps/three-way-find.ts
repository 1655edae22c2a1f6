import { ALL_HUBS } from "../../common/hubs";
import { THREE_WAY_LIMIT, type ThreeWayParty, type ThreeWayQuery, type ThreeWaySwap } from "../../common/three-way";
import type { WtrLimits } from "../../common/working-time-types";
import type { Db } from "../db/open";
import type { UserRow } from "../db/schema";
import { notFound } from "../errors";
import { SHIFT_NOT_FOUND } from "./kernel";
import { shiftsAroundDates } from "./rest-bound";
import { isMyNeed, threeWayShiftOf } from "./three-way-check";
import { type Cycle, canTakeIn, findThreeWays, firstSwaps, type Need, type Person } from "./three-way-cycles";
import { hasOffDayAfter, type ThreeWayCandidate, threeWayCandidates, threeWayShiftRows } from "./three-way-queries";

/**
 * Candidate cycles read for one need, best first, before the rest rules: enough that the rules
 * turning some away still leave THREE_WAY_LIMIT to list.
 */
const CANDIDATES = 100;

/**
 * Candidates whose parties' working-time windows are read and checked first: the first twenty valid
 * cycles of the bench's seeded needs came within the first 22 to 38 of the hundred.
 */
const FIRST_CHECKED = 40;

type Named = Pick<ThreeWayParty["user"], "firstName" | "lastName" | "clinicalGrade" | "hub">;

/**
 * Issue 37: the three-way swaps through my need `shiftId` (404 when it is not one), at one hub or
 * all (`hub` as the hub browser scopes), best first: fewest hubs crossed, then soonest dates. The
 * need, whether I have an Available Off Day to give, the candidate cycles with the off days that
 * would make a direct pair (my hub's first, see cyclesThrough), and the working-time windows of the
 * candidates' people as the cycle rules reach them (firstCycles).
 */
export async function findThreeWaySwaps(
  db: Db,
  me: UserRow,
  shiftId: number,
  hub: ThreeWayQuery["hub"],
  limits: WtrLimits | null,
  today: string,
): Promise<ThreeWaySwap[]> {
  const [mine] = await threeWayShiftRows(db, [shiftId], today);
  if (!mine || mine.ownerId !== me.id || !isMyNeed(mine, today)) throw notFound(SHIFT_NOT_FOUND);
  // In every cycle I work someone's shift on one of my Available Off Days: with none, there is no
  // cycle, and the search would still read every colleague free on my day and their needs.
  if (!(await hasOffDayAfter(db, me.id, today))) return [];
  const scope = hub && hub !== ALL_HUBS ? hub : null;
  const found = await cyclesThrough(db, me, mine, today, scope, limits);
  if (!found) return [];
  const { cycles, names } = found;
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

type Found = { cycles: Cycle[]; names: Map<number, Named> };

/**
 * The swaps to list, with their people's names; null when there are no candidates. Swaps within my
 * hub come first (no hub crossed), and the candidates of my hub alone are the first of all the
 * candidates in the same order: when they hold THREE_WAY_LIMIT swaps, those are the answer, and the
 * search over every hub (several times the colleagues, their needs and their free days) is not made.
 */
async function cyclesThrough(
  db: Db,
  me: UserRow,
  mine: Need,
  today: string,
  scope: string | null,
  limits: WtrLimits | null,
): Promise<Found | null> {
  if (!scope && me.hub) {
    const own = await threeWayCandidates(db, me, mine.date, today, me.hub, CANDIDATES);
    const found = await firstCycles(db, me, mine, own, limits, false);
    if (found) return found;
  }
  const rows = await threeWayCandidates(db, me, mine.date, today, scope, CANDIDATES);
  if (rows.length === 0) return null;
  return firstCycles(db, me, mine, rows, limits, true);
}

/**
 * The first THREE_WAY_LIMIT three-way swaps among the candidates, exactly as `findThreeWays` over the
 * whole population lists them, with fewer working-time windows read. Whether a candidate is a swap
 * depends only on its three people's Available Off Days that the rows name and on their windows, and
 * the candidates come in the order the answer lists them: so they are checked in that order, the
 * windows of each batch's people read before it (one statement pair per batch), until the limit is
 * reached. When the candidates hold fewer swaps than that, every window is read by then and the whole
 * population is searched as before: its cycles may join one candidate's b with another's c, and
 * those rank after every candidate read.
 */
async function firstCycles(
  db: Db,
  me: UserRow,
  mine: Need,
  rows: ThreeWayCandidate[],
  limits: WtrLimits | null,
  whole: boolean,
): Promise<Found | null> {
  const { people, needs, names } = populationOf(me, mine, rows);
  const withWindow = new Set<number>();
  const can = canTakeIn(people, limits);
  const found: Cycle[] = [];
  let next = 0;
  for (let size = FIRST_CHECKED; next < rows.length; size *= 2) {
    const batch = rows.slice(next, next + size);
    next += batch.length;
    const unread = new Set([mine.ownerId, ...batch.flatMap((r) => [r.b.ownerId, r.c.ownerId])]);
    for (const id of withWindow) unread.delete(id);
    const windows = await shiftsAroundDates(
      db,
      new Map([...unread].map((id) => [id, (people.get(id) as Person).offDays])),
      limits,
    );
    for (const id of unread) {
      people.set(id, { ...(people.get(id) as Person), window: windows.get(id) ?? [] });
      withWindow.add(id);
    }
    found.push(...firstSwaps(people, mine, batch, limits, THREE_WAY_LIMIT - found.length, can));
    if (found.length === THREE_WAY_LIMIT) return { cycles: found, names };
  }
  return whole ? { cycles: findThreeWays({ people, needs }, mine, limits, THREE_WAY_LIMIT), names } : null;
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
