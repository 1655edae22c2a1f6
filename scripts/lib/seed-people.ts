import { type ClinicalGrade, clinicalGrades, type SwapStatus, type SwapUrgency } from "../../common/enums";
import { hubForBase, paramedicBases } from "../../common/hubs";
import { experienceNotes, firstNames, lastNames } from "./names";
import type { Prng } from "./prng";
import { DAY, NIGHT, NONE, OFF_DAY, REST } from "./rota";
import { DAYS, mainId, PAST_DAYS, PROTECTED, REQUESTED, type Roster, SEEKING } from "./seed-roster";

export type UserRec = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  grade: ClinicalGrade;
  base: string;
  hub: string;
  urgency: SwapUrgency;
  seeking: boolean;
  phone: string | null;
  experience: string | null;
  createdAt: Date;
  lastLoginAt: Date | null;
  times: number;
};

export type RequestRec = {
  id: number;
  requester: number;
  responder: number | null;
  shiftId: number;
  day: number;
  status: SwapStatus;
  createdAt: Date;
  updatedAt: Date;
  requesterAgreed: boolean;
  responderAgreed: boolean;
  requesterAgreedAt: Date | null;
  responderAgreedAt: Date | null;
  grsSubmitted: boolean;
  grsApproved: boolean;
  offers: number[];
};

export type Requests = {
  list: RequestRec[];
  /** Requester shift id → responder: completed swaps moved the shift. */
  moved: Map<number, number>;
  /** Rest days the requesters of completed swaps got back: [userId, day, shiftId]. */
  restBack: [number, number, number][];
};

export function makeUsers(n: number, rng: Prng, now: number): UserRec[] {
  const out: UserRec[] = [];
  for (let id = 1; id <= n; id++) {
    const firstName = rng.pick(firstNames);
    const lastName = rng.pick(lastNames);
    const grade = rng.weighted<ClinicalGrade>([
      ["paramedic", 55],
      ["technician", 30],
      ["student_paramedic", 15],
    ]);
    const base = rng.pick(paramedicBases);
    const urgency = rng.weighted<SwapUrgency>([
      ["urgent", 20],
      ["none", 70],
      ["not_available", 10],
    ]);
    const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.-]/g, "");
    out.push({
      id,
      firstName,
      lastName,
      email: `${local}${id}@nhs.net`,
      grade,
      base,
      hub: hubForBase(base),
      urgency,
      // The profile keeps the two in step: urgent means actively seeking (common/profile.ts).
      seeking: urgency === "urgent",
      phone: rng.chance(0.6) ? `07${rng.int(100, 999)} ${rng.int(100000, 999999)}` : null,
      experience: rng.chance(0.4) ? rng.pick(experienceNotes) : null,
      createdAt: new Date(now - rng.int(1, 400) * 86_400_000 - rng.int(0, 86_399) * 1000),
      lastLoginAt: rng.chance(0.8) ? new Date(now - rng.int(0, 30 * 86_400) * 1000) : null,
      times: rng.weighted([
        [0, 70],
        [1, 10],
        [2, 10],
        [3, 10],
      ]),
    });
  }
  return out;
}

const gradeIndex = (g: ClinicalGrade) => clinicalGrades.indexOf(g);

/** Same-grade clinicians with an Available Off Day, per future day (key: grade index × DAYS + day). */
function offDaysByGrade(people: UserRec[], kinds: Roster["kinds"]): Map<number, number[]> {
  const offDays = new Map<number, number[]>();
  for (const p of people) {
    const row = (p.id - 1) * DAYS;
    for (let d = PAST_DAYS + 1; d < DAYS; d++) {
      if (kinds[row + d] !== OFF_DAY) continue;
      const key = gradeIndex(p.grade) * DAYS + d;
      const list = offDays.get(key);
      if (list) list.push(p.id);
      else offDays.set(key, [p.id]);
    }
  }
  return offDays;
}

const statuses: [SwapStatus | "open" | "open_cancelled", number][] = [
  ["open", 14],
  ["pending", 26],
  ["accepted", 12],
  ["declined", 12],
  ["completed", 14],
  ["cancelled", 18],
  ["open_cancelled", 4],
];

/** A future worked day of the requester's that is free to offer, or -1 after 30 tries. */
function pickRequestDay(roster: Roster, row: number, rng: Prng): number {
  const { kinds, flags } = roster;
  for (let t = 0; t < 30; t++) {
    const d = rng.int(PAST_DAYS + 1, DAYS - 1);
    const k = kinds[row + d];
    if ((k === DAY || k === NIGHT) && !(flags[row + d] & (PROTECTED | SEEKING | REQUESTED))) return d;
  }
  return -1;
}

type Generation = {
  people: UserRec[];
  roster: Roster;
  rng: Prng;
  now: number;
  offDays: Map<number, number[]>;
  usedResponderDays: Set<number>;
};

/** A same-grade clinician off that day and not yet asked for it, or undefined when there is none. */
function pickResponder(g: Generation, requester: UserRec, day: number): UserRec | undefined {
  const { people, rng } = g;
  const candidates = (g.offDays.get(gradeIndex(requester.grade) * DAYS + day) ?? []).filter(
    (id) => id !== requester.id && !g.usedResponderDays.has((id - 1) * DAYS + day),
  );
  if (candidates.length === 0) return undefined;
  // Most swaps happen between colleagues of one hub.
  let chosen = rng.pick(candidates);
  for (let t = 0; t < 6 && people[chosen - 1].hub !== requester.hub; t++) chosen = rng.pick(candidates);
  g.usedResponderDays.add((chosen - 1) * DAYS + day);
  return people[chosen - 1];
}

/** Agreements, GRS state and offers that follow from the request's status. */
function settle(g: Generation, rec: RequestRec, responder: UserRec | null, requests: Requests): void {
  const { rng, roster } = g;
  const { kinds, seekingIds } = roster;
  const { status, updatedAt, day } = rec;
  if (status === "accepted") {
    if (rng.chance(0.5)) {
      rec.requesterAgreed = true;
      rec.requesterAgreedAt = updatedAt;
    } else {
      rec.responderAgreed = true;
      rec.responderAgreedAt = updatedAt;
    }
  }
  if (status === "completed" && responder) {
    rec.requesterAgreed = true;
    rec.responderAgreed = true;
    rec.requesterAgreedAt = new Date(updatedAt.getTime() - rng.int(60, 86_400) * 1000);
    rec.responderAgreedAt = updatedAt;
    rec.grsSubmitted = rng.chance(0.7);
    rec.grsApproved = rec.grsSubmitted && rng.chance(0.6);
    // DESIGN §5.7: the shift moves to the responder, whose rest day goes; the requester rests.
    requests.moved.set(rec.shiftId, responder.id);
    kinds[(responder.id - 1) * DAYS + day] = NONE;
    requests.restBack.push([rec.requester, day, roster.nextId++]);
  }
  if (responder && status !== "completed" && rng.chance(0.4)) {
    // Offers: the responder's seeking-coverage shifts on days the requester is free (DESIGN §5.16).
    const row = (rec.requester - 1) * DAYS;
    const rrow = (responder.id - 1) * DAYS;
    const limit = rng.int(1, 3);
    for (let d = PAST_DAYS + 1; d < DAYS && rec.offers.length < limit; d++) {
      const free = kinds[row + d] === REST || kinds[row + d] === OFF_DAY;
      if (seekingIds[rrow + d] && free) rec.offers.push(seekingIds[rrow + d]);
    }
  }
}

/** One attempt at a request; false when the requester had no day to offer or nobody could take it. */
function tryRequest(g: Generation, requests: Requests): boolean {
  const { people, rng, now, roster } = g;
  const pickStatus = rng.weighted(statuses);
  const requester = people[rng.int(0, people.length - 1)];
  const row = (requester.id - 1) * DAYS;
  const day = pickRequestDay(roster, row, rng);
  if (day < 0) return false;
  const open = pickStatus === "open" || pickStatus === "open_cancelled";
  let responder: UserRec | null = null;
  if (!open) {
    const found = pickResponder(g, requester, day);
    if (!found) return false;
    responder = found;
  }
  const status: SwapStatus =
    pickStatus === "open" ? "pending" : pickStatus === "open_cancelled" ? "cancelled" : pickStatus;
  roster.flags[row + day] |= REQUESTED;
  const createdAt = new Date(now - rng.int(3600, 40 * 86_400) * 1000);
  const updatedAt = new Date(createdAt.getTime() + rng.int(0, Math.floor((now - createdAt.getTime()) / 1000)) * 1000);
  const rec: RequestRec = {
    id: requests.list.length + 1,
    requester: requester.id,
    responder: responder?.id ?? null,
    shiftId: mainId(requester.id, day),
    day,
    status,
    createdAt,
    updatedAt,
    requesterAgreed: false,
    responderAgreed: false,
    requesterAgreedAt: null,
    responderAgreedAt: null,
    grsSubmitted: false,
    grsApproved: false,
    offers: [],
  };
  settle(g, rec, responder, requests);
  requests.list.push(rec);
  return true;
}

export function makeRequests(people: UserRec[], roster: Roster, rng: Prng, now: number): Requests {
  const g: Generation = {
    people,
    roster,
    rng,
    now,
    offDays: offDaysByGrade(people, roster.kinds),
    usedResponderDays: new Set<number>(),
  };
  const requests: Requests = { list: [], moved: new Map(), restBack: [] };
  const target = Math.max(4, Math.round(people.length * 0.35));
  let attempts = 0;
  while (requests.list.length < target && attempts < target * 20) {
    attempts++;
    tryRequest(g, requests);
  }
  roster.shiftCount = roster.nextId - 1 - countRemoved(requests.list);
  return requests;
}

const countRemoved = (list: RequestRec[]) => list.filter((r) => r.status === "completed").length;
