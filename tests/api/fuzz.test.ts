import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import { hubs } from "../../common/hubs";
import { unsubscribeUrl } from "../../server/notifications/unsubscribe-token";
import { startTestApp, type TestApp } from "./helpers/app";
import { Client, PASSWORD, registration, signedInClient, uniqueEmail } from "./helpers/client";
import { apiRoutes, expectMatchesContract } from "./helpers/contracts";

/**
 * Random and hostile input to every POST and PATCH: the answer is always 2xx or 4xx with a plain
 * `{ message }`, never a 5xx or a stack trace, and text that was stored comes back as it was sent
 * (trimmed, as the contracts say).
 */

// FUZZ_RUNS=1000 for a deeper search; FUZZ_SEED to replay a failure fast-check printed.
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const PROPERTY_TIMEOUT = 120_000;

type Res = Awaited<ReturnType<Client["request"]>>;
type Party = { client: Client; id: number };

let t: TestApp;
let me: Party; // shifts, availability and requests are fuzzed on this user
let colleague: Party; // a same-grade responder with Available Off Days
let profileUser: Party; // the profile fuzz changes grade, email and base: kept apart
let notifyUser: Party; // push subscriptions and email settings are fuzzed on this user
let accountUser: Party; // password changes and signing out other devices: kept apart
const myShiftIds: number[] = [];
const myAvailabilityIds: number[] = [];
const colleagueAvailabilityIds: number[] = [];
const swapIds: number[] = [];
const messageIds: number[] = [];
let dayCounter = 10;
const nextDay = () => addDays(todayInLondon(), dayCounter++);

// ---- Arbitraries --------------------------------------------------------------------------------

const hostile = fc.constantFrom(
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "Robert'); DELETE FROM shifts;--",
  "1; SELECT pg_sleep(10)",
  "$1",
  "\\x00",
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "{{constructor.constructor('return 1')()}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text
  "${process.exit(1)}",
  "../../../../etc/passwd",
  "%00%0d%0a",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF\uD800",
  "\u202Eevil",
  "\uFEFF",
  "👩‍⚕️🚑 ℵ ﷺ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 Ω≈ç√∫",
  "Zalgo: Z̷̡̛a̶̢l̵g̷o̸",
  "__proto__",
  "constructor",
  "null",
  "undefined",
  "NaN",
  "",
  "   ",
  "\n\t\r",
  "x".repeat(2001),
  "😀".repeat(1500),
  "x".repeat(70_000),
);

/** Text a user could type, from any script, with no lone surrogates (so it can be stored exactly). */
const typed = (maxLength: number) =>
  fc.oneof(
    fc.string({ unit: "binary", maxLength }),
    fc.string({ unit: "grapheme", maxLength: Math.min(maxLength, 200) }),
    fc.string({ maxLength }),
  );

const text = (maxLength: number) =>
  fc.oneof({ weight: 4, arbitrary: typed(maxLength) }, { weight: 2, arbitrary: hostile });

const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.constant(JSON.parse('{"__proto__":{"admin":true}}')),
);

/** Mostly well-formed values, sometimes hostile text, sometimes the wrong type. */
const field = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 5, arbitrary: good }, { weight: 1, arbitrary: text(100) }, { weight: 1, arbitrary: wrongType });

const day = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 300 }).map((n) => addDays(todayInLondon(), n)) },
  {
    weight: 2,
    arbitrary: fc
      .date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  },
  {
    weight: 1,
    arbitrary: fc
      .date({ min: new Date("1800-01-01T00:00:00Z"), max: new Date("2300-01-01T00:00:00Z"), noInvalidDate: true })
      .map((d) => d.toISOString()),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "2024-02-30",
      "2023-02-29",
      "0000-00-00",
      "0000-01-01",
      "1899-12-31",
      "2201-01-01",
      "9999-12-31",
      "2024-13-01",
      "2024-1-1",
      "+275760-09-13T00:00:00.000Z",
      "-000001-01-01T00:00:00Z",
      "2024-06-01T25:00:00Z",
      "2024-06-01T12:00:00+99:00",
      "2024-06-01 12:00",
      "01/06/2024",
      "1e9",
      "today",
      "",
    ),
  },
);

const time = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("07:00", "19:00", "06:15", "23:45", "00:00") },
  { weight: 1, arbitrary: fc.constantFrom("24:00", "7:00", "07:07", "25:61", "-1:00", "07:00:00", "0700", "") },
);

const id = (known: () => number[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(null).map(() => pickKnown(known())) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(0, -1, 2 ** 31, 2 ** 31 - 1, 2 ** 53, Number.MAX_VALUE, 1.5, -0),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 10_000 }) },
  );

let pickCounter = 0;
function pickKnown(list: number[]): number {
  pickCounter += 1;
  return list.length ? list[pickCounter % list.length] : 1;
}

/** A request body: usually an object of the fields (any subset), sometimes not an object at all. */
const body = <T extends Record<string, fc.Arbitrary<unknown>>>(fields: T) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.record(fields, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.array(fc.record(fields, { requiredKeys: [] }), { maxLength: 2 }) },
  );

/** A path segment where an id goes: mostly real ids, sometimes junk. */
const pathId = (known: () => number[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(null).map(() => String(pickKnown(known()))) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("0", "-1", "1.5", "1e3", "99999999999", "abc", "1;drop", "%00", "null", "💥"),
    },
  );

// ---- Checks -------------------------------------------------------------------------------------

const brief = (v: unknown) => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s;
};

function expectSafe(route: string, input: unknown, res: Res) {
  const where = `${route} with ${brief(input)} → ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, where).toBeLessThan(500);
  expect(res.status, where).toBeGreaterThanOrEqual(200);
  expect(res.text, where).not.toMatch(/\n\s+at .+:\d+:\d+/);
  if (res.status >= 400) expect(typeof res.body?.message, where).toBe("string");
  // A success answers the shape its route declares (response schema), whatever was sent.
  const [method, path] = route.split(" ");
  if (path?.startsWith("/")) expectMatchesContract(t.responseContracts, method, path, res);
}

const isOk = (res: Res) => res.status >= 200 && res.status < 300;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Stored text is the sent text, trimmed; blank text may be stored as null. A string with a lone
 * surrogate half has no UTF-8 form, so it cannot come back exactly: only well-formed text is compared.
 */
function expectStored(stored: unknown, sent: unknown, what: string) {
  if (typeof sent !== "string" || LONE_SURROGATE.test(sent)) return;
  const want = sent.trim();
  if (want === "") expect([null, ""], what).toContain(stored);
  else expect(stored, what).toBe(want);
}

async function property<T>(
  route: string,
  arb: fc.Arbitrary<T>,
  send: (v: T) => Promise<Res>,
  onSuccess?: (v: T, res: Res) => Promise<void>,
) {
  await fc.assert(
    fc.asyncProperty(arb, async (v) => {
      const res = await send(v);
      expectSafe(route, v, res);
      if (isOk(res) && onSuccess) await onSuccess(v, res);
    }),
    { numRuns: RUNS, endOnFailure: true, ...(SEED === undefined ? {} : { seed: SEED }) },
  );
}

// ---- Fixtures -----------------------------------------------------------------------------------

async function ok(promise: Promise<Res>): Promise<any> {
  const res = await promise;
  if (!isOk(res)) throw new Error(`fixture call failed: ${res.status} ${res.text}`);
  return res.body;
}

beforeAll(async () => {
  t = await startTestApp();
  const a = await signedInClient(t.baseUrl, { firstName: "Fuzz", paramedicBase: "Stoke" });
  const b = await signedInClient(t.baseUrl, { firstName: "Colleague", paramedicBase: "Stoke" });
  const c = await signedInClient(t.baseUrl, { firstName: "Profile" });
  const d = await signedInClient(t.baseUrl, { firstName: "Notify" });
  const e = await signedInClient(t.baseUrl, { firstName: "Account" });
  me = { client: a.client, id: a.user.id };
  colleague = { client: b.client, id: b.user.id };
  profileUser = { client: c.client, id: c.user.id };
  notifyUser = { client: d.client, id: d.user.id };
  accountUser = { client: e.client, id: e.user.id };
  for (let i = 0; i < 12; i++) {
    const date = nextDay();
    const shift = await ok(
      me.client.post("/api/shifts", { date, shiftType: "day", startTime: "07:00", endTime: "19:00" }),
    );
    myShiftIds.push(shift.id);
    await ok(colleague.client.post("/api/shifts", { date, shiftType: "rest_day", restDayShiftInterest: true }));
    const [row] = await ok(colleague.client.get(`/api/availability?start=${date}&end=${date}`));
    colleagueAvailabilityIds.push(row.id);
    if (i < 6) {
      const swap = await ok(
        me.client.post("/api/swap-requests", {
          requesterShiftId: shift.id,
          responderId: colleague.id,
          introMessage: "Hi",
        }),
      );
      swapIds.push(swap.id);
      const m = await ok(colleague.client.post("/api/messages", { swapRequestId: swap.id, content: "Hello" }));
      messageIds.push(m.id);
    }
    const restDay = nextDay();
    await ok(me.client.post("/api/shifts", { date: restDay, shiftType: "rest_day" }));
    const [mine] = await ok(me.client.get(`/api/availability?start=${restDay}&end=${restDay}`));
    myAvailabilityIds.push(mine.id);
  }
}, 120_000);
afterAll(async () => t?.close());

// ---- Properties ---------------------------------------------------------------------------------

const gradeValue = fc.constantFrom("paramedic", "technician", "student_paramedic");
const urgencyValue = fc.constantFrom("urgent", "none", "not_available");
const baseValue = fc.constantFrom("Dudley", "Worcester", "Stoke", "Atlantis");

/** The POST, PATCH and PUT routes the properties below cover; a new one must be added here. */
const fuzzed = [
  "POST /api/auth/register",
  "POST /api/auth/login",
  "POST /api/auth/forgot-password",
  "POST /api/auth/reset-password",
  "POST /api/auth/logout",
  "POST /api/auth/change-password",
  "POST /api/auth/sessions/sign-out-others",
  "POST /api/auth/resend-verification",
  "PATCH /api/profile",
  "POST /api/shifts",
  "PATCH /api/shifts/:id",
  "POST /api/shifts/import",
  "POST /api/availability",
  "PATCH /api/availability/:id",
  "POST /api/swap-requests",
  "POST /api/three-way-swaps",
  "PATCH /api/swap-requests/:id",
  "POST /api/swap-requests/:id/agree",
  "POST /api/swap-requests/:id/unagree",
  "POST /api/swap-requests/:id/reject",
  "POST /api/swap-requests/:id/undo-decline",
  "POST /api/swap-requests/:id/offer-to-cover",
  "POST /api/messages",
  "PATCH /api/messages/:id/read",
  "POST /api/messages/:swapRequestId/read",
  "POST /api/calendar-feed/token/regenerate",
  "POST /api/push/subscriptions",
  "PUT /api/notifications/settings",
  "POST /api/notifications/unsubscribe",
];

it("covers every POST, PATCH and PUT route the server registers", () => {
  const changing = apiRoutes(t.responseContracts)
    .filter((c) => ["POST", "PATCH", "PUT"].includes(c.method))
    .map((c) => `${c.method} ${c.url}`);
  expect(changing.filter((r) => !fuzzed.includes(r)).sort()).toEqual([]);
  expect(fuzzed.filter((r) => !changing.includes(r)).sort()).toEqual([]);
});

describe("accounts", () => {
  it(
    "POST /api/auth/register",
    async () => {
      const email = fc.oneof(
        { weight: 4, arbitrary: fc.constant(null).map(() => uniqueEmail("fuzz")) },
        { weight: 1, arbitrary: text(300) },
      );
      const arb = body({
        firstName: field(typed(100)),
        lastName: field(typed(100)),
        email: field(email),
        username: field(email),
        password: field(fc.constantFrom(PASSWORD, "short", "x".repeat(129))),
        clinicalGrade: field(gradeValue),
        paramedicBase: field(baseValue),
        hub: field(fc.constantFrom("Dudley Hub", "Nowhere Hub")),
        phoneNumber: field(typed(40)),
        experience: field(typed(2000)),
        activelySeekingSwaps: field(fc.boolean()),
        swapUrgency: field(urgencyValue),
      });
      // Valid registrations are common enough to check what was stored.
      const valid = fc
        .record({ firstName: typed(100), lastName: typed(100), experience: typed(2000) })
        .map((v) => registration(v));
      await property(
        "POST /api/auth/register",
        fc.oneof(arb, valid),
        (v) => new Client(t.baseUrl).post("/api/auth/register", v),
        async (v: any, res) => {
          expectStored(res.body.firstName, v.firstName, "firstName");
          expectStored(res.body.lastName, v.lastName, "lastName");
          expectStored(res.body.experience, v.experience, "experience");
        },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "POST /api/auth/login, forgot-password, reset-password and logout",
    async () => {
      const email = fc.oneof(
        fc.constant(null).map(() => uniqueEmail("nobody")),
        text(300),
      );
      await property(
        "POST /api/auth/login",
        body({ email: field(email), password: field(text(200)), rememberMe: field(fc.boolean()) }),
        (v) => new Client(t.baseUrl).post("/api/auth/login", v),
      );
      await property("POST /api/auth/forgot-password", body({ email: field(email) }), (v) =>
        new Client(t.baseUrl).post("/api/auth/forgot-password", v),
      );
      await property(
        "POST /api/auth/reset-password",
        body({ token: field(text(250)), password: field(fc.constantFrom(PASSWORD, "short")) }),
        (v) => new Client(t.baseUrl).post("/api/auth/reset-password", v),
      );
      await property("POST /api/auth/logout", fc.jsonValue({ maxDepth: 2 }), (v) =>
        new Client(t.baseUrl).post("/api/auth/logout", v),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "POST /api/auth/change-password, sessions/sign-out-others and resend-verification",
    async () => {
      // The right current password now and then, so some changes succeed (and the next ones fail).
      const password = fc.oneof({ weight: 2, arbitrary: fc.constant(PASSWORD) }, { weight: 1, arbitrary: text(200) });
      await property(
        "POST /api/auth/change-password",
        body({
          currentPassword: field(password),
          newPassword: field(fc.constantFrom(PASSWORD, "short", "x".repeat(129))),
        }),
        (v) => accountUser.client.post("/api/auth/change-password", v),
      );
      await property("POST /api/auth/sessions/sign-out-others", fc.jsonValue({ maxDepth: 2 }), (v) =>
        accountUser.client.post("/api/auth/sessions/sign-out-others", v),
      );
      await property("POST /api/auth/resend-verification", fc.jsonValue({ maxDepth: 2 }), (v) =>
        accountUser.client.post("/api/auth/resend-verification", v),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "PATCH /api/profile",
    async () => {
      const arb = body({
        firstName: field(typed(100)),
        lastName: field(typed(100)),
        email: field(
          fc.oneof(
            fc.constant(null).map(() => uniqueEmail("moved")),
            text(300),
          ),
        ),
        paramedicBase: field(baseValue),
        clinicalGrade: field(gradeValue),
        swapUrgency: field(urgencyValue),
        activelySeekingSwaps: field(fc.boolean()),
        experience: field(typed(2000)),
      });
      await property(
        "PATCH /api/profile",
        arb,
        (v) => profileUser.client.patch("/api/profile", v),
        async (v: any) => {
          const now = await profileUser.client.get("/api/auth/user");
          expect(now.status).toBe(200);
          expectStored(now.body.firstName, v.firstName, "firstName");
          expectStored(now.body.lastName, v.lastName, "lastName");
          expectStored(now.body.experience, v.experience, "experience");
          expectStored(now.body.paramedicBase, v.paramedicBase, "paramedicBase");
        },
      );
    },
    PROPERTY_TIMEOUT,
  );
});

describe("shifts and availability", () => {
  const shiftFields = {
    date: field(day),
    shiftType: field(fc.constantFrom("day", "night", "rest_day", "annual_leave", "seeking_coverage", "holiday")),
    startTime: field(time),
    endTime: field(time),
    location: field(typed(250)),
    notes: field(typed(2100)),
    isProtected: field(fc.boolean()),
    restDayShiftInterest: field(fc.boolean()),
    userId: field(fc.integer()),
  };

  async function expectShiftStored(shiftId: number, v: any) {
    const got = await me.client.get(`/api/shifts/${shiftId}`);
    expect(got.status).toBe(200);
    expect(got.body.userId).toBe(me.id);
    expectStored(got.body.notes, v.notes, "notes");
    expectStored(got.body.location, v.location, "location");
  }

  it(
    "POST /api/shifts",
    async () => {
      await property(
        "POST /api/shifts",
        body(shiftFields),
        (v) => me.client.post("/api/shifts", v),
        async (v, res) => expectShiftStored(res.body.id, v),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "PATCH /api/shifts/{id}",
    async () => {
      // Patching the request shifts would break the swap fixtures: use shifts of their own.
      const own: number[] = [];
      for (let i = 0; i < 5; i++) {
        const s = await ok(
          me.client.post("/api/shifts", { date: nextDay(), shiftType: "night", startTime: "19:00", endTime: "07:00" }),
        );
        own.push(s.id);
      }
      await property(
        "PATCH /api/shifts/{id}",
        fc.tuple(
          pathId(() => own),
          body(shiftFields),
        ),
        ([target, v]) => me.client.patch(`/api/shifts/${encodeURIComponent(target)}`, v),
        async ([, v], res) => expectShiftStored(res.body.id, v),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "POST /api/availability and PATCH /api/availability/{id}",
    async () => {
      const status = field(fc.constantFrom("available", "unavailable", "rest", "maybe"));
      await property("POST /api/availability", body({ date: field(day), status }), (v) =>
        me.client.post("/api/availability", v),
      );
      await property(
        "PATCH /api/availability/{id}",
        fc.tuple(
          pathId(() => myAvailabilityIds),
          body({ status }),
        ),
        ([target, v]) => me.client.patch(`/api/availability/${encodeURIComponent(target)}`, v),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "POST /api/shifts/import with random files",
    async () => {
      const magic = fc.constantFrom(
        new Uint8Array([]),
        new Uint8Array([0x50, 0x4b, 0x03, 0x04]),
        new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      );
      const arb = fc.record({
        prefix: magic,
        bytes: fc.uint8Array({ maxLength: 3000 }),
        name: fc.constantFrom("roster.xlsx", "roster.xls", "roster.csv", "../../roster.xlsx", "😀.xlsx", "", "x"),
        field: fc.constantFrom("file", "upload"),
      });
      await property("POST /api/shifts/import", arb, (v) => {
        const form = new FormData();
        form.append(v.field, new Blob([new Uint8Array([...v.prefix, ...v.bytes])]), v.name);
        return me.client.post("/api/shifts/import", form);
      });
    },
    PROPERTY_TIMEOUT,
  );
});

describe("swap requests and messages", () => {
  it(
    "POST /api/swap-requests",
    async () => {
      const arb = body({
        requesterShiftId: field(id(() => myShiftIds)),
        responderId: field(
          fc.oneof(
            fc.constant(null).map(() => colleague.id),
            id(() => [me.id]),
          ),
        ),
        responderAvailabilityId: field(id(() => colleagueAvailabilityIds)),
        offerShiftIds: field(
          fc.array(
            id(() => myShiftIds),
            { maxLength: 5 },
          ),
        ),
        introMessage: field(typed(2100)),
        status: field(fc.constantFrom("pending", "completed")),
      });
      await property(
        "POST /api/swap-requests",
        arb,
        (v) => me.client.post("/api/swap-requests", v),
        async (v: any, res) => {
          swapIds.push(res.body.id);
          if (typeof v.introMessage === "string" && v.introMessage.trim()) {
            const chat = await me.client.get(`/api/messages/${res.body.id}`);
            expect(chat.status).toBe(200);
            expectStored(chat.body[0].content, v.introMessage, "introMessage");
          }
        },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "POST /api/three-way-swaps",
    async () => {
      const shiftIds = fc.oneof(
        {
          weight: 4,
          arbitrary: fc.tuple(
            id(() => myShiftIds),
            id(() => myShiftIds),
            id(() => myShiftIds),
          ),
        },
        {
          weight: 1,
          arbitrary: fc.array(
            id(() => myShiftIds),
            { maxLength: 5 },
          ),
        },
      );
      await property("POST /api/three-way-swaps", body({ shiftIds: field(shiftIds) }), (v) =>
        me.client.post("/api/three-way-swaps", v),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "PATCH /api/swap-requests/{id} and the actions",
    async () => {
      const patch = body({
        status: field(fc.constantFrom("cancelled", "completed", "pending")),
        responderId: field(
          fc.oneof(
            fc.constant(null).map(() => colleague.id),
            fc.constant(null),
          ),
        ),
        responderAvailabilityId: field(id(() => colleagueAvailabilityIds)),
        offerShiftIds: field(
          fc.array(
            id(() => myShiftIds),
            { maxLength: 5 },
          ),
        ),
        grsSubmitted: field(fc.boolean()),
        grsApproved: field(fc.boolean()),
      });
      await property(
        "PATCH /api/swap-requests/{id}",
        fc.tuple(
          pathId(() => swapIds),
          patch,
        ),
        ([target, v]) => me.client.patch(`/api/swap-requests/${encodeURIComponent(target)}`, v),
      );
      const action = fc.constantFrom("agree", "unagree", "reject", "undo-decline", "offer-to-cover");
      const who = fc.constantFrom("me", "colleague");
      await property(
        "POST /api/swap-requests/{id}/{action}",
        fc.tuple(
          pathId(() => swapIds),
          action,
          who,
          fc.option(body({ acceptedOfferShiftId: field(id(() => myShiftIds)) }), { nil: undefined }),
        ),
        ([target, act, by, v]) =>
          (by === "me" ? me : colleague).client.post(`/api/swap-requests/${encodeURIComponent(target)}/${act}`, v),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "POST /api/messages",
    async () => {
      const arb = body({
        swapRequestId: field(
          fc.oneof(
            id(() => swapIds),
            fc.constant(null).map(() => String(pickKnown(swapIds))),
          ),
        ),
        content: field(typed(2100)),
        isRead: field(fc.boolean()),
      });
      await property(
        "POST /api/messages",
        arb,
        (v) => me.client.post("/api/messages", v),
        async (v: any, res) => {
          expect(res.body.isRead).toBe(false);
          expect(res.body.senderId).toBe(me.id);
          // Read back as the sender: the PATCH property above may have left a request without the
          // colleague as its responder, and the sender is a party of any request it could post to.
          const chat = await me.client.get(`/api/messages/${res.body.swapRequestId}`);
          expect(chat.status).toBe(200);
          const stored = (chat.body as { id: number; content: string }[]).find((m) => m.id === res.body.id);
          expect(stored).toBeDefined();
          expectStored(stored?.content, v.content, "content");
        },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "PATCH /api/messages/{id}/read and POST /api/messages/{swapRequestId}/read",
    async () => {
      await property(
        "PATCH /api/messages/{id}/read",
        fc.tuple(
          pathId(() => messageIds),
          fc.jsonValue({ maxDepth: 2 }),
        ),
        ([target, v]) => me.client.patch(`/api/messages/${encodeURIComponent(target)}/read`, v),
      );
      await property(
        "POST /api/messages/{swapRequestId}/read",
        fc.tuple(
          pathId(() => swapIds),
          fc.jsonValue({ maxDepth: 2 }),
        ),
        ([target, v]) => me.client.post(`/api/messages/${encodeURIComponent(target)}/read`, v),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "POST /api/calendar-feed/token/regenerate",
    async () => {
      await property("POST /api/calendar-feed/token/regenerate", fc.jsonValue({ maxDepth: 2 }), (v) =>
        me.client.post("/api/calendar-feed/token/regenerate", v),
      );
    },
    PROPERTY_TIMEOUT,
  );
});

describe("notifications", () => {
  /** URL-safe base64 of `bytes` random bytes, as a browser's PushSubscription keys are. */
  const keyOf = (bytes: number) =>
    fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => Buffer.from(b).toString("base64url"));

  it(
    "POST /api/push/subscriptions",
    async () => {
      const endpoint = fc.oneof(
        { weight: 4, arbitrary: fc.nat().map((n) => `https://push.example.test/send/${n}`) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            "http://127.0.0.1:1/push",
            "http://push.example.test/send/1",
            "ftp://push.example.test/x",
            "javascript:alert(1)",
            "https://",
            `https://push.example.test/${"a".repeat(2100)}`,
          ),
        },
        { weight: 1, arbitrary: text(300) },
      );
      const keys = body({
        p256dh: field(fc.oneof(keyOf(65), keyOf(33), text(100))),
        auth: field(fc.oneof(keyOf(16), keyOf(8), text(40))),
      });
      await property(
        "POST /api/push/subscriptions",
        body({ endpoint: field(endpoint), keys: field(keys) }),
        (v) => notifyUser.client.post("/api/push/subscriptions", v),
        async (v: any, res) => expect(res.body).toEqual({ endpoint: v.endpoint }),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "PUT /api/notifications/settings",
    async () => {
      await property(
        "PUT /api/notifications/settings",
        body({
          email: field(fc.boolean()),
          coverAlerts: field(fc.boolean()),
          followAllHubs: field(fc.boolean()),
          followedHubs: field(fc.subarray([...hubs])),
        }),
        (v) => notifyUser.client.request("PUT", "/api/notifications/settings", v),
        async (v: any) => {
          const now = await notifyUser.client.get("/api/notifications/settings");
          expect(now.body).toEqual({ ...now.body, ...v });
        },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "POST /api/notifications/unsubscribe (signed out, the signed link is the proof)",
    async () => {
      // The test app's SESSION_SECRET (tests/api/helpers/app.ts) signs the real links.
      const signed = (userId: number) =>
        new URL(unsubscribeUrl(t.baseUrl, "test-secret-test-secret-test-secret-0123", userId)).searchParams.get(
          "token",
        ) ?? "";
      const userParam = fc.oneof(
        { weight: 3, arbitrary: fc.constant(null).map(() => String(notifyUser.id)) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 100_000 }).map(String) },
        {
          weight: 1,
          arbitrary: fc.constantFrom("0", "-1", "1.5", "1e3", "99999999999", "abc", "1;drop", "%00", "null", "💥", ""),
        },
      );
      const arb = fc.record({
        user: fc.option(userParam, { nil: undefined }),
        token: fc.option(fc.oneof(fc.constant("signed"), text(150)), { nil: undefined }),
        payload: fc.oneof(
          fc.constant("List-Unsubscribe=One-Click"),
          fc.string({ maxLength: 200 }),
          fc.constant(`List-Unsubscribe=${"x".repeat(2000)}`),
          fc.jsonValue({ maxDepth: 2 }),
        ),
      });
      await property(
        "POST /api/notifications/unsubscribe",
        arb,
        ({ user, token, payload }) => {
          const query = new URLSearchParams();
          if (user !== undefined) query.set("user", user);
          if (token !== undefined) query.set("token", token === "signed" ? signed(Number(user)) : token);
          const path = `/api/notifications/unsubscribe?${query}`;
          // No cookie: a mail provider's one-click post never carries the user's session.
          const anon = new Client(t.baseUrl);
          return typeof payload === "string"
            ? anon.request("POST", path, payload, { "content-type": "application/x-www-form-urlencoded" })
            : anon.request("POST", path, payload);
        },
        async ({ user }) => {
          if (user !== String(notifyUser.id)) return;
          const now = await notifyUser.client.get("/api/notifications/settings");
          expect(now.body).toMatchObject({ email: false });
        },
      );
    },
    PROPERTY_TIMEOUT,
  );
});

describe("values that break naive handling", () => {
  const NUL = "before\u0000after";
  const TOO_BIG = 2 ** 31; // one past PostgreSQL's integer

  const bodies: [string, string, string, () => Record<string, unknown>][] = [
    ["POST", "/api/auth/register", "a NUL in firstName", () => registration({ firstName: NUL })],
    ["POST", "/api/auth/register", "a NUL in experience", () => registration({ experience: NUL })],
    ["PATCH", "/api/profile", "a NUL in experience", () => ({ experience: NUL })],
    ["PATCH", "/api/profile", "a NUL in lastName", () => ({ lastName: NUL })],
    [
      "POST",
      "/api/shifts",
      "a NUL in notes",
      () => ({ date: nextDay(), shiftType: "day", startTime: "07:00", endTime: "19:00", notes: NUL }),
    ],
    ["POST", "/api/shifts", "a NUL in location", () => ({ date: nextDay(), shiftType: "rest_day", location: NUL })],
    ["POST", "/api/messages", "a NUL in content", () => ({ swapRequestId: swapIds[0], content: NUL })],
    [
      "POST",
      "/api/swap-requests",
      "a NUL in introMessage",
      () => ({ requesterShiftId: myShiftIds[11], introMessage: NUL }),
    ],
    ["POST", "/api/swap-requests", "requesterShiftId 2^31", () => ({ requesterShiftId: TOO_BIG })],
    [
      "POST",
      "/api/swap-requests",
      "responderId 2^31",
      () => ({ requesterShiftId: myShiftIds[11], responderId: TOO_BIG }),
    ],
    [
      "POST",
      "/api/swap-requests",
      "an offered shift id 2^31",
      () => ({ requesterShiftId: myShiftIds[11], offerShiftIds: [TOO_BIG] }),
    ],
    ["POST", "/api/messages", "swapRequestId 2^31", () => ({ swapRequestId: TOO_BIG, content: "hello" })],
  ];
  it.each(bodies)("%s %s refuses %s with a 4xx", async (method, route, _label, make) => {
    const input = make();
    const res = await me.client.request(method, route, input);
    expectSafe(`${method} ${route}`, input, res);
    expect(res.status, res.text).toBeGreaterThanOrEqual(400);
  });

  const paths: [string, string][] = [
    ["GET", "/api/shifts/2147483648"],
    ["PATCH", "/api/shifts/2147483648"],
    ["DELETE", "/api/shifts/2147483648"],
    ["PATCH", "/api/availability/2147483648"],
    ["GET", "/api/swap-requests/2147483648"],
    ["PATCH", "/api/swap-requests/2147483648"],
    ["DELETE", "/api/swap-requests/2147483648"],
    ["POST", "/api/swap-requests/2147483648/agree"],
    ["POST", "/api/swap-requests/2147483648/unagree"],
    ["POST", "/api/swap-requests/2147483648/reject"],
    ["POST", "/api/swap-requests/2147483648/undo-decline"],
    ["POST", "/api/swap-requests/2147483648/offer-to-cover"],
    ["GET", "/api/find-matches/2147483648"],
    ["GET", "/api/messages/2147483648"],
    ["GET", "/api/conversations/2147483648"],
    ["PATCH", "/api/messages/2147483648/read"],
    ["POST", "/api/messages/2147483648/read"],
  ];
  it.each(paths)("%s %s (an id past 32 bits) answers a 4xx", async (method, route) => {
    const body = method === "PATCH" ? { status: "available", notes: "x" } : undefined;
    const res = await me.client.request(method, route, body);
    expectSafe(`${method} ${route}`, body, res);
    expect(res.status, res.text).toBeGreaterThanOrEqual(400);
  });
});

describe("bodies that are not JSON objects at all", () => {
  const routes: [string, string][] = [
    ["POST", "/api/auth/register"],
    ["POST", "/api/auth/login"],
    ["PATCH", "/api/profile"],
    ["POST", "/api/shifts"],
    ["POST", "/api/availability"],
    ["POST", "/api/swap-requests"],
    ["POST", "/api/messages"],
  ];
  it(
    "answers malformed JSON, other content types and oversized bodies with a 4xx",
    async () => {
      const raw = fc.record({
        route: fc.constantFrom(...routes),
        type: fc.constantFrom(
          "application/json",
          "text/plain",
          "application/x-www-form-urlencoded",
          "application/xml",
          "application/json; charset=latin1",
          "multipart/form-data; boundary=x",
        ),
        payload: fc.oneof(
          fc.constantFrom("{", '{"a":', "nul", "[1,2", '{"__proto__":{"x":1}}', "\u0000", "{}{}", "a=1&b=2"),
          fc.string({ unit: "binary", maxLength: 200 }),
          fc.constant(`{"notes":"${"x".repeat(1_100_000)}"}`),
        ),
      });
      await property("raw body", raw, ({ route, type, payload }) =>
        me.client.request(route[0], route[1], payload, { "content-type": type }),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
