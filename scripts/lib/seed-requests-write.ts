import type pg from "pg";
import { replyLines } from "./names";
import type { Prng } from "./prng";
import type { RequestRec, UserRec } from "./seed-people";

function shortDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

async function insertSwapRequests(client: pg.PoolClient, list: RequestRec[], firstDay: string): Promise<void> {
  await client.query(
    `insert into swap_requests (id, requester_id, responder_id, requester_shift_id, responder_availability_id, status,
       created_at, updated_at, grs_submitted, grs_approved, requester_agreed, responder_agreed,
       requester_agreed_at, responder_agreed_at)
     select x.id, x.rq, x.rs, x.sh, ua.id, x.st::swap_status, x.ca, x.ua, x.gs, x.ga, x.ra, x.sa, x.raa, x.saa
     from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::text[], $7::timestamptz[],
       $8::timestamptz[], $9::bool[], $10::bool[], $11::bool[], $12::bool[], $13::timestamptz[], $14::timestamptz[])
       as x(id, rq, rs, sh, d, st, ca, ua, gs, ga, ra, sa, raa, saa)
     left join user_availability ua on ua.user_id = x.rs and ua.date = $15::date + x.d`,
    [
      list.map((r) => r.id),
      list.map((r) => r.requester),
      list.map((r) => r.responder),
      list.map((r) => r.shiftId),
      list.map((r) => r.day),
      list.map((r) => r.status),
      list.map((r) => iso(r.createdAt)),
      list.map((r) => iso(r.updatedAt)),
      list.map((r) => r.grsSubmitted),
      list.map((r) => r.grsApproved),
      list.map((r) => r.requesterAgreed),
      list.map((r) => r.responderAgreed),
      list.map((r) => iso(r.requesterAgreedAt)),
      list.map((r) => iso(r.responderAgreedAt)),
      firstDay,
    ],
  );
}

/** Writes the shifts offered in return; gives how many. */
async function insertOffers(client: pg.PoolClient, list: RequestRec[]): Promise<number> {
  const offerReq: number[] = [];
  const offerShift: number[] = [];
  for (const r of list) {
    for (const s of r.offers) {
      offerReq.push(r.id);
      offerShift.push(s);
    }
  }
  if (offerReq.length) {
    await client.query(
      "insert into swap_request_offers (swap_request_id, shift_id) select * from unnest($1::int[], $2::int[])",
      [offerReq, offerShift],
    );
  }
  return offerReq.length;
}

type Messages = {
  id: number[];
  req: number[];
  sender: number[];
  content: string[];
  at: string[];
  read: boolean[];
};

/** A request's chat: the requester's opening message, then replies, the last few sometimes unread. */
function addChat(m: Messages, r: RequestRec, people: UserRec[], rng: Prng, dayStrings: string[], now: number): void {
  const requester = people[r.requester - 1];
  const responder = r.responder ? people[r.responder - 1] : null;
  const day = shortDay(dayStrings[r.day]);
  const greeting = responder ? `Hi ${responder.firstName}` : "Hi all";
  const intro = `${greeting}, I'm looking to swap my shift on ${day}. ${
    responder ? "I can see you're available that day" : "Is anyone free that day"
  } — would you be able to cover it?${r.offers.length ? ` I can do one of your seeking-coverage shifts in return.` : ""} Thanks, ${requester.firstName}`;
  const count = !responder ? 1 : r.status === "declined" || r.status === "cancelled" ? rng.int(1, 3) : rng.int(1, 8);
  const unreadTail = rng.chance(0.3) ? rng.int(1, 2) : 0;
  let at = r.createdAt.getTime();
  for (let i = 0; i < count; i++) {
    const fromRequester = i === 0 || (responder ? rng.chance(0.45) : true);
    m.id.push(m.id.length + 1);
    m.req.push(r.id);
    m.sender.push(fromRequester ? r.requester : (r.responder as number));
    m.content.push(i === 0 ? intro : rng.pick(replyLines));
    m.at.push(new Date(Math.min(at, now)).toISOString());
    m.read.push(!(i >= count - unreadTail));
    at += rng.int(30, 6 * 3600) * 1000;
  }
}

export async function insertRequests(
  client: pg.PoolClient,
  list: RequestRec[],
  people: UserRec[],
  rng: Prng,
  dayStrings: string[],
  firstDay: string,
  now: number,
): Promise<{ offers: number; messages: number }> {
  if (list.length === 0) return { offers: 0, messages: 0 };
  await insertSwapRequests(client, list, firstDay);
  const offers = await insertOffers(client, list);
  const m: Messages = { id: [], req: [], sender: [], content: [], at: [], read: [] };
  for (const r of list) addChat(m, r, people, rng, dayStrings, now);
  await client.query(
    `insert into messages (id, swap_request_id, sender_id, content, created_at, is_read)
     select * from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::timestamptz[], $6::bool[])`,
    [m.id, m.req, m.sender, m.content, m.at, m.read],
  );
  return { offers, messages: m.id.length };
}
