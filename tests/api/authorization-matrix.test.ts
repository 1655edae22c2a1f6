import { createECDH, randomBytes } from "node:crypto";
import * as XLSX from "@e965/xlsx";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { addDays, todayInLondon } from "../../common/dates";
import { users } from "../../server/db/schema";
import { startTestApp, type TestApp } from "./helpers/app";
import { Client, PASSWORD, registration, signedInClient } from "./helpers/client";
import { apiRoutes, expectMatchesContract, jsonRoutes } from "./helpers/contracts";

/**
 * Every route, called as a signed-out visitor, as the owner of what it touches and as another
 * signed-in user (DESIGN §4): 401 for visitors, 2xx for the owner, 404 (or 403) for anyone else;
 * routes about "my own" data answer others with their own data, never the owner's.
 */

type Party = { client: Client; id: number; email: string };
type Call = {
  path: string;
  body?: unknown;
  /** Who counts as the owner for this call, when not the default owner (e.g. the responder of a request). */
  owner?: Party;
  /** Who plays "another user", when not the default one (e.g. a throwaway account for a delete). */
  other?: Party;
};
type Row = {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  route: string;
  /** Builds a fresh target for one call: each actor gets its own, so a delete never spoils the next. */
  call: () => Promise<Call>;
  /** Statuses the owner may get (2xx). */
  owner: number[];
  /**
   * 'denied': another user gets 404 (or 403), as if it did not exist.
   * 'own': the route is about the caller's own data; another user gets 2xx with nothing of the owner's.
   * 'public': no sign-in needed; a visitor gets what the owner gets.
   */
  others: "denied" | "own" | "public";
};

let t: TestApp;
let owner: Party; // a paramedic with shifts, requests and messages
let responder: Party; // a paramedic colleague who answers the owner's requests
let other: Party; // a paramedic with no part in any of it
let technician: Party; // another grade
const marker = `owner-only-${randomBytes(6).toString("hex")}`;

async function party(overrides: Record<string, unknown> = {}): Promise<Party> {
  const { client, user } = await signedInClient(t.baseUrl, overrides);
  return { client, id: user.id, email: user.email };
}

async function unconfirmedParty(): Promise<Party> {
  const p = await party();
  await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, p.id));
  return p;
}

let dayCounter = 20;
const nextDay = () => addDays(todayInLondon(), dayCounter++);

async function ok<T = any>(promise: Promise<{ status: number; body: any; text: string }>): Promise<T> {
  const res = await promise;
  if (res.status < 200 || res.status > 299) throw new Error(`fixture call failed: ${res.status} ${res.text}`);
  return res.body as T;
}

/** A future day shift of the owner's; its notes carry the marker no one else may see. */
async function ownerShift(shiftType = "day"): Promise<{ id: number; date: string }> {
  const date = nextDay();
  const timed = shiftType === "day" ? { startTime: "07:00", endTime: "19:00" } : {};
  const shift = await ok(owner.client.post("/api/shifts", { date, shiftType, ...timed, notes: `${marker} shift` }));
  return { id: shift.id, date };
}

async function offDayOf(p: Party, date: string): Promise<number> {
  await ok(p.client.post("/api/shifts", { date, shiftType: "rest_day", restDayShiftInterest: true }));
  const rows = await ok<{ id: number; date: string }[]>(p.client.get(`/api/availability?start=${date}&end=${date}`));
  return rows[0].id;
}

/** A pending request from the owner to the responder (or open, with no responder). */
async function swap(opts: { open?: boolean } = {}): Promise<{ id: number; date: string }> {
  const shift = await ownerShift();
  const body: Record<string, unknown> = { requesterShiftId: shift.id, introMessage: `${marker} intro` };
  if (!opts.open) {
    body.responderId = responder.id;
    body.responderAvailabilityId = await offDayOf(responder, shift.date);
  }
  const created = await ok(owner.client.post("/api/swap-requests", body));
  return { id: created.id, date: shift.date };
}

async function messageToResponder(): Promise<{ id: number; swapId: number }> {
  const s = await swap();
  const m = await ok(owner.client.post("/api/messages", { swapRequestId: s.id, content: `${marker} message` }));
  return { id: m.id, swapId: s.id };
}

function rosterFile(): FormData {
  const sheet = XLSX.utils.aoa_to_sheet([
    ["Date", "Shift", "Start", "End"],
    [nextDay().split("-").reverse().join("/"), "Day", "07:00", "19:00"],
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Roster");
  const bytes = XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), "roster.xlsx");
  return form;
}

/**
 * A three-way cycle through an owner's day shift (issue 37), far from the other fixtures' days so
 * nothing else of the owner's is near it: two fresh colleagues, each needing cover on a day the next
 * one is free; the owner is free on the last one's day.
 */
let cycleDay = 300;
async function threeWayCycle(): Promise<[number, number, number]> {
  const d = addDays(todayInLondon(), cycleDay);
  cycleDay += 10;
  const [b, c] = [await party(), await party()];
  const a = await ok(
    owner.client.post("/api/shifts", { date: d, shiftType: "day", startTime: "07:00", endTime: "19:00" }),
  );
  await offDayOf(owner, addDays(d, 6));
  await offDayOf(b, d);
  const bs = await ok(
    b.client.post("/api/shifts", {
      date: addDays(d, 3),
      shiftType: "seeking_coverage",
      startTime: "07:00",
      endTime: "19:00",
    }),
  );
  await offDayOf(c, addDays(d, 3));
  const cs = await ok(
    c.client.post("/api/shifts", {
      date: addDays(d, 6),
      shiftType: "seeking_coverage",
      startTime: "07:00",
      endTime: "19:00",
    }),
  );
  return [a.id, bs.id, cs.id];
}

const plain = (p: string) => async (): Promise<Call> => ({ path: p });

const rows: Row[] = [
  // Accounts
  { method: "GET", route: "/api/health", call: plain("/api/health"), owner: [200], others: "public" },
  { method: "GET", route: "/api/meta", call: plain("/api/meta"), owner: [200], others: "public" },

  // Notifications
  { method: "GET", route: "/api/push/public-key", call: plain("/api/push/public-key"), owner: [200], others: "public" },
  {
    method: "GET",
    route: "/api/push/subscriptions",
    call: async () => {
      const device = pushSubscription();
      const endpoint = `https://push.invalid/${marker}-${randomBytes(8).toString("hex")}`;
      await ok(owner.client.post("/api/push/subscriptions", { ...device, endpoint }));
      return { path: "/api/push/subscriptions" };
    },
    owner: [200],
    others: "own",
  },
  {
    // Another user posting the same endpoint takes the device over (200): it is their browser now.
    method: "POST",
    route: "/api/push/subscriptions",
    call: async () => ({ path: "/api/push/subscriptions", body: pushSubscription() }),
    owner: [200, 201],
    others: "own",
  },
  {
    method: "DELETE",
    route: "/api/push/subscriptions",
    call: async () => {
      const body = pushSubscription();
      await ok(owner.client.post("/api/push/subscriptions", body));
      return { path: "/api/push/subscriptions", body: { endpoint: body.endpoint } };
    },
    owner: [204],
    others: "own",
  },
  {
    method: "GET",
    route: "/api/notifications/settings",
    call: plain("/api/notifications/settings"),
    owner: [200],
    others: "own",
  },
  {
    method: "PUT",
    route: "/api/notifications/settings",
    call: async () => ({
      path: "/api/notifications/settings",
      body: { email: true, coverAlerts: true, followAllHubs: false, followedHubs: ["Coventry Hub"] },
    }),
    owner: [200],
    others: "own",
  },
  { method: "GET", route: "/api/auth/user", call: plain("/api/auth/user"), owner: [200], others: "own" },
  {
    method: "POST",
    route: "/api/auth/register",
    call: async () => ({ path: "/api/auth/register", body: registration() }),
    owner: [201],
    others: "public",
  },
  {
    method: "POST",
    route: "/api/auth/login",
    call: async () => ({ path: "/api/auth/login", body: { email: owner.email, password: PASSWORD } }),
    owner: [200],
    others: "public",
  },
  {
    method: "POST",
    route: "/api/auth/forgot-password",
    call: async () => ({ path: "/api/auth/forgot-password", body: { email: owner.email } }),
    owner: [200],
    others: "public",
  },
  {
    // Signing out a throwaway session: the owner's own session is needed by the other rows.
    method: "POST",
    route: "/api/auth/logout",
    call: async () => ({ path: "/api/auth/logout", owner: await party() }),
    owner: [200],
    others: "public",
  },
  { method: "GET", route: "/api/auth/sessions", call: plain("/api/auth/sessions"), owner: [200], others: "own" },
  {
    // Throwaway accounts: the change signs out their other devices.
    method: "POST",
    route: "/api/auth/change-password",
    call: async () => ({
      path: "/api/auth/change-password",
      body: { currentPassword: PASSWORD, newPassword: PASSWORD },
      owner: await party(),
      other: await party(),
    }),
    owner: [200],
    others: "own",
  },
  {
    method: "POST",
    route: "/api/auth/sessions/sign-out-others",
    call: async () => ({ path: "/api/auth/sessions/sign-out-others", owner: await party(), other: await party() }),
    owner: [200],
    others: "own",
  },
  {
    // Accounts whose address waits for its link: a confirmed one is refused a new link.
    method: "POST",
    route: "/api/auth/resend-verification",
    call: async () => ({
      path: "/api/auth/resend-verification",
      owner: await unconfirmedParty(),
      other: await unconfirmedParty(),
    }),
    owner: [200],
    others: "own",
  },
  {
    method: "PATCH",
    route: "/api/profile",
    call: async () => ({ path: "/api/profile", body: { experience: `${marker} experience` } }),
    owner: [200],
    others: "own",
  },
  {
    method: "DELETE",
    route: "/api/profile",
    call: async () => ({
      path: "/api/profile",
      body: { password: PASSWORD },
      owner: await party(),
      other: await party(),
    }),
    owner: [200],
    others: "own",
  },

  // Shifts
  { method: "GET", route: "/api/shifts", call: plain("/api/shifts"), owner: [200], others: "own" },
  {
    method: "POST",
    route: "/api/shifts",
    call: async () => ({
      path: "/api/shifts",
      body: { date: nextDay(), shiftType: "day", startTime: "07:00", endTime: "19:00", notes: `${marker} new` },
    }),
    owner: [201],
    others: "own",
  },
  {
    method: "GET",
    route: "/api/shifts/:id",
    call: async () => ({ path: `/api/shifts/${(await ownerShift()).id}` }),
    owner: [200],
    others: "denied",
  },
  {
    method: "PATCH",
    route: "/api/shifts/:id",
    call: async () => ({ path: `/api/shifts/${(await ownerShift()).id}`, body: { notes: `${marker} changed` } }),
    owner: [200],
    others: "denied",
  },
  {
    method: "DELETE",
    route: "/api/shifts/:id",
    call: async () => ({ path: `/api/shifts/${(await ownerShift()).id}` }),
    owner: [200],
    others: "denied",
  },
  {
    method: "DELETE",
    route: "/api/shifts/clear/month/:year/:month",
    call: async () => {
      const [y, m] = (await ownerShift()).date.split("-");
      return { path: `/api/shifts/clear/month/${y}/${Number(m)}`, owner: await party() };
    },
    owner: [200],
    others: "own",
  },
  {
    method: "DELETE",
    route: "/api/shifts/clear/year/:year",
    call: async () => ({
      path: `/api/shifts/clear/year/${(await ownerShift()).date.slice(0, 4)}`,
      owner: await party(),
    }),
    owner: [200],
    others: "own",
  },
  {
    method: "POST",
    route: "/api/shifts/import",
    call: async () => ({ path: "/api/shifts/import", body: rosterFile() }),
    owner: [200],
    others: "own",
  },
  {
    method: "GET",
    route: "/api/shifts/import/template.xlsx",
    call: plain("/api/shifts/import/template.xlsx"),
    owner: [200],
    others: "own",
  },

  // Availability
  {
    method: "GET",
    route: "/api/availability",
    call: async () => {
      const s = await ownerShift();
      return { path: `/api/availability?start=${s.date}&end=${s.date}` };
    },
    owner: [200],
    others: "own",
  },
  {
    method: "POST",
    route: "/api/availability",
    call: async () => ({ path: "/api/availability", body: { date: nextDay(), status: "available" } }),
    owner: [200],
    others: "own",
  },
  {
    method: "PATCH",
    route: "/api/availability/:id",
    call: async () => {
      const date = nextDay();
      await ok(owner.client.post("/api/shifts", { date, shiftType: "rest_day" }));
      const [row] = await ok(owner.client.get(`/api/availability?start=${date}&end=${date}`));
      return { path: `/api/availability/${row.id}`, body: { status: "available" } };
    },
    owner: [200],
    others: "denied",
  },

  // Calendar feed
  {
    method: "GET",
    route: "/api/calendar-feed/token",
    call: plain("/api/calendar-feed/token"),
    owner: [200],
    others: "own",
  },
  {
    method: "POST",
    route: "/api/calendar-feed/token/regenerate",
    call: async () => ({ path: "/api/calendar-feed/token/regenerate", owner: await party() }),
    owner: [200],
    others: "own",
  },
  {
    // Public by design: calendar apps cannot sign in, the secret token in the address is the key.
    method: "GET",
    route: "/calendar/:file",
    call: async () => {
      const { url } = await ok(owner.client.get("/api/calendar-feed/token"));
      return { path: new URL(url).pathname };
    },
    owner: [200],
    others: "public",
  },

  // Hubs
  {
    method: "GET",
    route: "/api/users/hub/:hub",
    call: plain(`/api/users/hub/${encodeURIComponent("Dudley Hub")}`),
    owner: [200],
    others: "own",
  },
  {
    method: "GET",
    route: "/api/users/hub/:hub/count",
    call: plain(`/api/users/hub/${encodeURIComponent("Dudley Hub")}/count`),
    owner: [200],
    others: "own",
  },

  // Swap requests
  { method: "GET", route: "/api/swap-requests", call: plain("/api/swap-requests"), owner: [200], others: "own" },
  {
    method: "GET",
    route: "/api/swap-requests/open",
    call: plain("/api/swap-requests/open"),
    owner: [200],
    others: "own",
  },
  // Cover alerts: each caller's own list.
  { method: "GET", route: "/api/cover-alerts", call: plain("/api/cover-alerts"), owner: [200], others: "own" },
  {
    method: "GET",
    route: "/api/swap-requests/eligible-shifts",
    call: plain("/api/swap-requests/eligible-shifts"),
    owner: [200],
    others: "own",
  },
  {
    method: "POST",
    route: "/api/swap-requests",
    call: async () => {
      const s = await ownerShift();
      return { path: "/api/swap-requests", body: { requesterShiftId: s.id } };
    },
    owner: [201],
    others: "denied",
  },
  {
    method: "GET",
    route: "/api/swap-requests/:id",
    call: async () => ({ path: `/api/swap-requests/${(await swap()).id}` }),
    owner: [200],
    others: "denied",
  },
  {
    method: "PATCH",
    route: "/api/swap-requests/:id",
    call: async () => ({ path: `/api/swap-requests/${(await swap()).id}`, body: { status: "cancelled" } }),
    owner: [200],
    others: "denied",
  },
  {
    method: "DELETE",
    route: "/api/swap-requests/:id",
    call: async () => ({ path: `/api/swap-requests/${(await swap()).id}` }),
    owner: [204],
    others: "denied",
  },
  {
    method: "POST",
    route: "/api/swap-requests/:id/agree",
    call: async () => ({ path: `/api/swap-requests/${(await swap()).id}/agree` }),
    owner: [200],
    others: "denied",
  },
  {
    method: "POST",
    route: "/api/swap-requests/:id/unagree",
    call: async () => {
      const s = await swap();
      await ok(owner.client.post(`/api/swap-requests/${s.id}/agree`));
      return { path: `/api/swap-requests/${s.id}/unagree` };
    },
    owner: [200],
    others: "denied",
  },
  {
    method: "POST",
    route: "/api/swap-requests/:id/reject",
    call: async () => ({ path: `/api/swap-requests/${(await swap()).id}/reject`, owner: responder }),
    owner: [200],
    others: "denied",
  },
  {
    method: "POST",
    route: "/api/swap-requests/:id/undo-decline",
    call: async () => {
      const s = await swap();
      await ok(responder.client.post(`/api/swap-requests/${s.id}/reject`));
      return { path: `/api/swap-requests/${s.id}/undo-decline`, owner: responder };
    },
    owner: [200],
    others: "denied",
  },
  {
    // An open request is offered to same-grade colleagues: here "another user" is of another grade.
    method: "POST",
    route: "/api/swap-requests/:id/offer-to-cover",
    call: async () => {
      const s = await swap({ open: true });
      await offDayOf(responder, s.date);
      return { path: `/api/swap-requests/${s.id}/offer-to-cover`, owner: responder, other: technician };
    },
    owner: [200],
    others: "denied",
  },
  {
    method: "GET",
    route: "/api/find-matches/:shiftId",
    call: async () => ({ path: `/api/find-matches/${(await ownerShift()).id}` }),
    owner: [200],
    others: "denied",
  },
  {
    // A day shift of the owner is a need of theirs (one they could ask a swap for).
    method: "GET",
    route: "/api/three-way-swaps/:shiftId",
    call: async () => ({ path: `/api/three-way-swaps/${(await ownerShift()).id}` }),
    owner: [200],
    others: "denied",
  },
  {
    // Proposing with another's shift as "mine": that shift is not found.
    method: "POST",
    route: "/api/three-way-swaps",
    call: async () => ({ path: "/api/three-way-swaps", body: { shiftIds: await threeWayCycle() } }),
    owner: [201],
    others: "denied",
  },

  // Messages
  {
    method: "GET",
    route: "/api/messages/unread-count",
    call: plain("/api/messages/unread-count"),
    owner: [200],
    others: "own",
  },
  { method: "GET", route: "/api/conversations", call: plain("/api/conversations"), owner: [200], others: "own" },
  {
    method: "GET",
    route: "/api/conversations/:swapRequestId",
    call: async () => ({ path: `/api/conversations/${(await swap()).id}` }),
    owner: [200],
    others: "denied",
  },
  {
    method: "GET",
    route: "/api/messages/:swapRequestId",
    call: async () => ({ path: `/api/messages/${(await swap()).id}` }),
    owner: [200],
    others: "denied",
  },
  {
    method: "POST",
    route: "/api/messages",
    call: async () => ({ path: "/api/messages", body: { swapRequestId: (await swap()).id, content: `${marker} hi` } }),
    owner: [201],
    others: "denied",
  },
  {
    // Only the recipient marks a message read.
    method: "PATCH",
    route: "/api/messages/:id/read",
    call: async () => ({ path: `/api/messages/${(await messageToResponder()).id}/read`, owner: responder }),
    owner: [200],
    others: "denied",
  },
  {
    method: "POST",
    route: "/api/messages/:swapRequestId/read",
    call: async () => ({ path: `/api/messages/${(await messageToResponder()).swapId}/read`, owner: responder }),
    owner: [200],
    others: "denied",
  },
];

/** Routes reached by other means than a JSON call, checked in their own tests below. */
const otherRoutes = ["GET /ws"];
/**
 * Routes whose success the matrix cannot reach (a mailed token, an unconfirmed address); the API test
 * named checks that answer against the route's schema.
 */
const successCheckedElsewhere: Record<string, string> = {
  "POST /api/auth/reset-password": "auth.test.ts",
};

/** A browser-like push subscription (RFC 8291 key shapes) on a host that never resolves. */
function pushSubscription() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `https://push.invalid/${randomBytes(8).toString("hex")}`,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}
/** Public account routes that need a secret a test cannot hold (a mailed token): they never answer 401. */
const tokenRoutes: Row[] = [
  {
    method: "GET",
    route: "/api/auth/verify-email",
    call: plain(`/api/auth/verify-email?token=${"x".repeat(43)}`),
    owner: [303],
    others: "public",
  },
  {
    method: "GET",
    route: "/api/notifications/unsubscribe",
    call: plain(`/api/notifications/unsubscribe?user=1&token=${"x".repeat(43)}`),
    owner: [404],
    others: "public",
  },
  {
    method: "POST",
    route: "/api/notifications/unsubscribe",
    call: async () => ({ path: `/api/notifications/unsubscribe?user=1&token=${"x".repeat(43)}`, body: {} }),
    owner: [404],
    others: "public",
  },
  {
    method: "POST",
    route: "/api/auth/reset-password",
    call: async () => ({ path: "/api/auth/reset-password", body: { token: "x".repeat(40), password: PASSWORD } }),
    owner: [400],
    others: "public",
  },
];

const withoutMarker = (body: unknown) => JSON.parse(JSON.stringify(body).replaceAll(marker, "someone else"));

/** Routes whose successful answer was checked against their response schema. */
const checkedContracts = new Set<string>();

async function send(client: Client, method: Row["method"], call: Call) {
  const res = await client.request(method, call.path, call.body);
  const contract = expectMatchesContract(t.responseContracts, method, call.path, res);
  if (contract) checkedContracts.add(`${contract.method} ${contract.url}`);
  return res;
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await party({ firstName: "Olivia", paramedicBase: "Dudley" });
  responder = await party({ firstName: "Ravi", paramedicBase: "Dudley" });
  other = await party({ firstName: "Omar", paramedicBase: "Dudley" });
  technician = await party({ firstName: "Tess", clinicalGrade: "technician", paramedicBase: "Dudley" });
  // The owner is urgent, so the hub browser lists them (with no private fields).
  await ok(owner.client.patch("/api/profile", { swapUrgency: "urgent", experience: `${marker} experience` }));
});
afterAll(async () => t?.close());

describe("authorisation matrix", () => {
  it("covers every route the server registers", () => {
    const found = new Set(apiRoutes(t.responseContracts).map((c) => `${c.method} ${c.url}`));
    const covered = new Set([...rows, ...tokenRoutes].map((r) => `${r.method} ${r.route}`).concat(otherRoutes));
    expect([...found].filter((r) => !covered.has(r)).sort()).toEqual([]);
    expect([...covered].filter((r) => !found.has(r)).sort()).toEqual([]);
  });

  describe.each(rows.filter((r) => r.others !== "public"))("$method $route", (row) => {
    it("answers a signed-out visitor 401", async () => {
      const res = await send(new Client(t.baseUrl), row.method, await row.call());
      expect(res.status, res.text).toBe(401);
      expect(res.body).toEqual({ message: expect.any(String) });
    });

    it("serves the owner", async () => {
      const call = await row.call();
      const res = await send((call.owner ?? owner).client, row.method, call);
      expect(row.owner, res.text).toContain(res.status);
    });

    if (row.others === "denied") {
      it("answers another user 404 or 403, and shows nothing of the owner's", async () => {
        const call = await row.call();
        const res = await send((call.other ?? other).client, row.method, call);
        expect([403, 404], res.text).toContain(res.status);
        expect(res.text).not.toContain(marker);
      });
    } else {
      it("answers another user with their own data only", async () => {
        const call = await row.call();
        // What they send is their own: only the owner's data carries the marker.
        const body = call.body === undefined || call.body instanceof FormData ? call.body : withoutMarker(call.body);
        const res = await send((call.other ?? other).client, row.method, { ...call, body });
        expect(res.status, res.text).toBeGreaterThanOrEqual(200);
        expect(res.status, res.text).toBeLessThan(300);
        expect(res.text).not.toContain(marker);
        expect(res.text).not.toContain(owner.email);
      });
    }
  });

  describe.each([...rows.filter((r) => r.others === "public"), ...tokenRoutes])("$method $route (public)", (row) => {
    it("answers a signed-out visitor as it answers the owner, never 401", async () => {
      const visitor = await send(new Client(t.baseUrl), row.method, await row.call());
      expect(row.owner, visitor.text).toContain(visitor.status);
      const call = await row.call();
      const signedIn = await send((call.owner ?? owner).client, row.method, call);
      expect(row.owner, signedIn.text).toContain(signedIn.status);
    });
  });

  it("declares a response schema for each success of every route that answers JSON", () => {
    const missing = jsonRoutes(t.responseContracts).flatMap((c) => {
      const key = `${c.method} ${c.url}`;
      const declared = Object.keys(c.response ?? {}).filter((status) => status.startsWith("2"));
      if (declared.length === 0) return [`${key}: no response schema`];
      const row = [...rows, ...tokenRoutes].find((r) => `${r.method} ${r.route}` === key);
      const successes = (row?.owner ?? []).filter((status) => status >= 200 && status < 300);
      return successes.filter((status) => !declared.includes(String(status))).map((s) => `${key}: none for ${s}`);
    });
    expect(missing.sort()).toEqual([]);
  });

  it("answers every route that declares a response schema with an object matching it", () => {
    const declared = jsonRoutes(t.responseContracts)
      .map((c) => `${c.method} ${c.url}`)
      .filter((route) => !(route in successCheckedElsewhere));
    expect(declared.length).toBeGreaterThan(0);
    expect(declared.filter((route) => !checkedContracts.has(route)).sort()).toEqual([]);
  });

  it("never lists private fields of the owner in the hub browser", async () => {
    const res = await other.client.get(`/api/users/hub/${encodeURIComponent("Dudley Hub")}`);
    expect(res.status).toBe(200);
    const mine = (res.body as { clinician: Record<string, unknown> }[]).find((i) => i.clinician.id === owner.id);
    expect(mine).toBeDefined();
    for (const key of ["email", "password", "phoneNumber", "experience", "username"]) {
      expect(mine!.clinician).not.toHaveProperty(key);
    }
  });
});

describe("GET /ws", () => {
  const open = (cookie?: string) =>
    new Promise<{ opened: boolean; code?: number }>((resolve) => {
      const ws = new WebSocket(`${t.baseUrl.replace("http", "ws")}/ws`, {
        headers: { origin: t.baseUrl, ...(cookie ? { cookie } : {}) },
      });
      let opened = false;
      let timer: NodeJS.Timeout | undefined;
      ws.on("open", () => {
        opened = true;
        // Accepted sockets stay open; refused ones are closed right after the upgrade.
        timer = setTimeout(() => {
          ws.close();
          resolve({ opened: true });
        }, 500);
      });
      ws.on("close", (code) => {
        if (timer) clearTimeout(timer);
        resolve({ opened, code });
      });
      ws.on("error", () => resolve({ opened: false }));
    });

  it("closes a signed-out visitor's socket with 4401 and keeps a signed-in user's open", async () => {
    expect((await open()).code).toBe(4401);
    const cookie = [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    expect(await open(cookie)).toEqual({ opened: true });
  });
});
