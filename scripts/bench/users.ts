// The seeded clinicians a bench run signs in as: one per hub, each with a conversation and a shift
// colleagues could cover.

import pg from "pg";
import type { Hub } from "../../common/hubs";
import { SEED_PASSWORD } from "../lib/seed-service";
import { BENCH_USERS } from "./config";

export type BenchUser = {
  id: number;
  email: string;
  hub: Hub;
  cookie: string;
  sid: string;
  /** A future shift of theirs that same-grade colleagues could cover (find-matches). */
  shiftId: number;
  /** A request of theirs with a responder and a conversation. */
  swapId: number;
  /** The second page of their hub's list, from the first page's Link header; the first page again
   * when the hub fits on one page (small seeds), so the family still runs. */
  hubNextPath: string;
};

export async function pickUsers(
  url: string,
  today: string,
): Promise<Omit<BenchUser, "cookie" | "sid" | "hubNextPath">[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query(
      `select distinct on (u.hub) u.id, u.email, u.hub, r.id as swap_id,
         (select s.id from shifts s
          where s.user_id = u.id and s.date > $1::date and s.shift_type in ('day', 'night') and not s.is_protected
            and exists (select 1 from user_availability ua join users v on v.id = ua.user_id
                        where ua.date = s.date and ua.status = 'available'
                          and v.clinical_grade = u.clinical_grade and v.id <> u.id)
          order by s.date limit 1) as shift_id
       from swap_requests r join users u on u.id = r.requester_id
       where r.responder_id is not null and r.status in ('pending', 'accepted')
         and (select count(*) from messages m where m.swap_request_id = r.id) >= 2
       order by u.hub, r.id`,
      [today],
    );
    const usable = rows.filter((r) => r.shift_id !== null).slice(0, BENCH_USERS);
    if (usable.length === 0) throw new Error("no seeded user with a conversation and a matchable shift");
    return usable.map((r) => ({ id: r.id, email: r.email, hub: r.hub, swapId: r.swap_id, shiftId: r.shift_id }));
  } finally {
    await c.end();
  }
}

export async function signIn(
  baseUrl: string,
  u: Omit<BenchUser, "cookie" | "sid" | "hubNextPath">,
): Promise<BenchUser> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email: u.email, password: SEED_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login of ${u.email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("sid="))
    ?.split(";")[0];
  if (!cookie) throw new Error("login set no session cookie");
  // The table keeps only a hash of the id: the id itself is the signed cookie's value.
  const signed = decodeURIComponent(cookie.slice("sid=".length));
  const sid = signed.slice(0, signed.lastIndexOf("."));
  const first = await fetch(`${baseUrl}${hubPath(u.hub)}`, { headers: { cookie } });
  if (first.status !== 200) throw new Error(`${u.hub}'s list answered ${first.status}`);
  const next = /<([^>]+)>;\s*rel="next"/.exec(first.headers.get("link") ?? "")?.[1];
  if (!next) console.warn(`${u.hub}'s list has one page: hub_browse_next_page measures the first page`);
  return { ...u, cookie, sid, hubNextPath: next ?? hubPath(u.hub) };
}

export const hubPath = (hub: string) => `/api/users/hub/${encodeURIComponent(hub)}`;
