// size: every table in one declarative file, as drizzle-kit (drizzle.config.ts) and
// scripts/check-schema-rename.mjs read it; the tables reference each other, and each is one block.
import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  date,
  index,
  integer,
  json,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { availabilityStatuses, clinicalGrades, shiftTypes, swapStatuses, swapUrgencies } from "../../common/enums";
import { hubs } from "../../common/hubs";

export const userRole = pgEnum("user_role", clinicalGrades);
export const shiftType = pgEnum("shift_type", shiftTypes);
export const swapStatus = pgEnum("swap_status", swapStatuses);
export const availabilityStatus = pgEnum("availability", availabilityStatuses);
export const swapUrgency = pgEnum("swap_urgency", swapUrgencies);
export const hub = pgEnum("hub", hubs);

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: varchar("username", { length: 254 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    password: text("password").notNull(),
    firstName: varchar("first_name", { length: 100 }).notNull(),
    lastName: varchar("last_name", { length: 100 }).notNull(),
    clinicalGrade: userRole("clinical_grade").notNull().default("paramedic"),
    paramedicBase: varchar("paramedic_base", { length: 100 }),
    hub: hub("hub"),
    phoneNumber: varchar("phone_number", { length: 40 }),
    experience: text("experience"),
    activelySeekingSwaps: boolean("actively_seeking_swaps").notNull().default(false),
    swapUrgency: swapUrgency("swap_urgency").notNull().default("none"),
    calendarToken: varchar("calendar_token", { length: 64 }),
    // Set when the owner opened the mailed link. Rows made before verification existed, and
    // sign-ups while it is off, count as verified (the default).
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }).defaultNow(),
    /** SHA-256 of the single-use link last mailed to prove the address; null once used. */
    emailVerificationHash: varchar("email_verification_hash", { length: 64 }),
    /** A new address waiting for its link to be opened; the account keeps `email` until then. */
    pendingEmail: varchar("pending_email", { length: 254 }),
    // The feed's last ETag and when it last changed: its Last-Modified, deletions included.
    calendarFeedEtag: varchar("calendar_feed_etag", { length: 64 }),
    calendarFeedChangedAt: timestamp("calendar_feed_changed_at", { withTimezone: true }),
    createdAt: createdAt(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
    uniqueIndex("users_calendar_token_unique").on(t.calendarToken),
    uniqueIndex("users_email_verification_unique").on(t.emailVerificationHash),
    index("users_hub_idx").on(t.hub, t.clinicalGrade),
    // The clinician browser's pages (server/hubs/service.ts): only those who may be listed, in list order.
    index("users_browse_hub_idx")
      .on(t.hub, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id)
      .where(sql`${t.swapUrgency} = 'urgent' or ${t.activelySeekingSwaps}`),
    index("users_browse_idx")
      .on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id)
      .where(sql`${t.swapUrgency} = 'urgent' or ${t.activelySeekingSwaps}`),
    // find-matches' candidates of one grade, read from the index alone (a scan of every user cost
    // 3.6 of its 7 ms on 10,000 users).
    index("users_match_idx")
      .on(t.clinicalGrade, t.id, t.firstName, t.lastName, t.hub)
      .where(sql`${t.emailVerifiedAt} is not null`),
  ],
);

export const shifts = pgTable(
  "shifts",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    shiftType: shiftType("shift_type").notNull(),
    startTime: varchar("start_time", { length: 5 }),
    endTime: varchar("end_time", { length: 5 }),
    location: varchar("location", { length: 200 }),
    notes: text("notes"),
    isProtected: boolean("is_protected").notNull().default(false),
    restDayShiftInterest: boolean("rest_day_shift_interest").notNull().default(false),
    createdAt: createdAt(),
    // The calendar feed's DTSTAMP/LAST-MODIFIED and SEQUENCE: Drizzle moves both on every update.
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    revision: integer("revision")
      .notNull()
      // As SQL: Drizzle would take a falsy plain default as none and run $onUpdate on insert.
      .default(sql`0`)
      .$onUpdate(() => sql`"revision" + 1`),
  },
  (t) => [
    index("shifts_user_date_idx").on(t.userId, t.date),
    index("shifts_date_type_idx").on(t.date, t.shiftType),
    // What colleagues may take (hub browse): a small index, so each clinician's soonest offers are a short scan.
    index("shifts_offered_idx")
      .on(t.userId, t.shiftType, t.date)
      .where(sql`${t.shiftType} = 'seeking_coverage' or (${t.shiftType} = 'rest_day' and ${t.restDayShiftInterest})`),
    // The needs on a day (three-way search, issue 37): its Seeking Coverage shifts without a heap visit.
    index("shifts_need_day_idx")
      .on(t.date, t.userId, t.id, t.startTime, t.endTime)
      .where(sql`${t.shiftType} = 'seeking_coverage' and not ${t.isProtected}`),
  ],
);

export const userAvailability = pgTable(
  "user_availability",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    status: availabilityStatus("status").notNull().default("unavailable"),
    // At least the minutes the day's working shifts cover (`minutesBoundSql`): summed over a
    // colleague's 17 weeks, it tells whether a shift more could reach an average limit (issue 36).
    workedMinutes: integer("worked_minutes").notNull(),
    // Kept on Available Off Days only (`keptColumnsSql`), so that a cover alert reads each
    // colleague's row instead of two ranges: their working shifts of the fortnight around the day
    // (`workingShiftsText` without ids, '' for none) and the minutes worked in the 17 weeks around it;
    // where those minutes could reach an average limit, the working shifts of the 17 weeks as well.
    nearShifts: text("near_shifts"),
    windowMinutes: integer("window_minutes"),
    wideShifts: text("wide_shifts"),
  },
  (t) => [
    uniqueIndex("user_availability_user_date_unique").on(t.userId, t.date),
    // A day's Available Off Days with their owners, from the index alone (find-matches).
    index("user_availability_day_idx").on(t.date, t.status, t.userId, t.id),
    // Each clinician's Available Off Days alone (a few in a year of rows): the three-way search asks
    // which of some hundred colleagues are free on which of some hundred days (migration 0016).
    index("user_availability_free_idx").on(t.userId, t.date).where(sql`${t.status} = 'available'`),
    // Each clinician's working days with their minutes, from the index alone: a cover alert sums
    // some hundred colleagues' 17 weeks (half their days are working ones) (migration 0017).
    index("user_availability_worked_idx").on(t.userId, t.date, t.workedMinutes).where(sql`${t.workedMinutes} > 0`),
  ],
);

export const swapRequests = pgTable(
  "swap_requests",
  {
    id: serial("id").primaryKey(),
    requesterId: integer("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    responderId: integer("responder_id").references(() => users.id, { onDelete: "cascade" }),
    requesterShiftId: integer("requester_shift_id")
      .notNull()
      .references(() => shifts.id, { onDelete: "cascade" }),
    responderAvailabilityId: integer("responder_availability_id").references(() => userAvailability.id, {
      onDelete: "set null",
    }),
    status: swapStatus("status").notNull().default("pending"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    grsSubmitted: boolean("grs_submitted").notNull().default(false),
    grsApproved: boolean("grs_approved").notNull().default(false),
    requesterAgreed: boolean("requester_agreed").notNull().default(false),
    responderAgreed: boolean("responder_agreed").notNull().default(false),
    requesterAgreedAt: timestamp("requester_agreed_at", { withTimezone: true }),
    responderAgreedAt: timestamp("responder_agreed_at", { withTimezone: true }),
    acceptedOfferShiftId: integer("accepted_offer_shift_id"),
    // A three-way request (DESIGN §5.23, decision 038): its three parties are rows of
    // swap_request_parties; requester and responder are the first leg (A gives, B takes).
    threeWay: boolean("three_way").notNull().default(false),
    // When the requester's shift starts (London time; untimed by the display times): kept by
    // triggers from the shift (migration 0012, decision 035), so open requests close on time.
    startsAt: timestamp("starts_at", { withTimezone: true }),
    // When the request closes if still open: the earliest start of the shifts it would move (the
    // requester's for a pair, any of the three for a three-way request), kept by the same triggers
    // (migration 0018, decision 040).
    closesAt: timestamp("closes_at", { withTimezone: true }),
    // The earliest start among the shifts offered in it (null without offers), kept by triggers on
    // the offers and on the shifts (migration 0023), so started offers are found by an index.
    offersStartAt: timestamp("offers_start_at", { withTimezone: true }),
    // Reminders (decision 037): when the current responder was asked, whether they
    // have answered (a message, an agreement or a decline), when the swap completed, and the next
    // reminder due with how many of the series went out, so each goes once.
    addressedAt: timestamp("addressed_at", { withTimezone: true }),
    responderAnswered: boolean("responder_answered").notNull().default(false),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    remindAt: timestamp("remind_at", { withTimezone: true }),
    remindersSent: smallint("reminders_sent").notNull().default(0),
  },
  (t) => [
    index("swap_requests_requester_idx").on(t.requesterId),
    index("swap_requests_responder_idx").on(t.responderId),
    index("swap_requests_shift_idx").on(t.requesterShiftId),
    index("swap_requests_open_idx").on(t.status).where(sql`${t.responderId} is null`),
    index("swap_requests_open_starts_idx").on(t.startsAt).where(sql`${t.status} in ('pending', 'accepted')`),
    index("swap_requests_open_closes_idx").on(t.closesAt).where(sql`${t.status} in ('pending', 'accepted')`),
    index("swap_requests_open_offers_start_idx").on(t.offersStartAt).where(sql`${t.status} in ('pending', 'accepted')`),
    index("swap_requests_remind_idx").on(t.remindAt).where(sql`${t.remindAt} is not null`),
  ],
);

export const swapRequestOffers = pgTable(
  "swap_request_offers",
  {
    swapRequestId: integer("swap_request_id")
      .notNull()
      .references(() => swapRequests.id, { onDelete: "cascade" }),
    shiftId: integer("shift_id")
      .notNull()
      .references(() => shifts.id, { onDelete: "cascade" }),
    accepted: boolean("accepted").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.swapRequestId, t.shiftId] }), index("swap_request_offers_shift_idx").on(t.shiftId)],
);

/**
 * The parties of a three-way request in cycle order (decision 038): position 0 is the proposer (the
 * request's requester), 1 takes position 0's shift (the responder), 2 takes position 1's; position 0
 * takes position 2's. Each party agrees on their own row; each reads the conversation up to a message.
 */
export const swapRequestParties = pgTable(
  "swap_request_parties",
  {
    swapRequestId: integer("swap_request_id")
      .notNull()
      .references(() => swapRequests.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    givesShiftId: integer("gives_shift_id")
      .notNull()
      .references(() => shifts.id, { onDelete: "cascade" }),
    agreedAt: timestamp("agreed_at", { withTimezone: true }),
    readThroughMessageId: integer("read_through_message_id").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.swapRequestId, t.position] }),
    uniqueIndex("swap_request_parties_request_user_unique").on(t.swapRequestId, t.userId),
    index("swap_request_parties_user_idx").on(t.userId),
    index("swap_request_parties_shift_idx").on(t.givesShiftId),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    swapRequestId: integer("swap_request_id")
      .notNull()
      .references(() => swapRequests.id, { onDelete: "cascade" }),
    senderId: integer("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: createdAt(),
    isRead: boolean("is_read").notNull().default(false),
  },
  (t) => [
    index("messages_request_created_idx").on(t.swapRequestId, t.createdAt),
    index("messages_unread_idx").on(t.swapRequestId, t.senderId).where(sql`not ${t.isRead}`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 (hex) of the cookie's session id: a leaked table does not hand out sessions. */
    sid: varchar("sid", { length: 128 }).primaryKey(),
    sess: json("sess").$type<{ userId: number }>().notNull(),
    expire: timestamp("expire", { withTimezone: true }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** The last request, kept to the minute: 12 hours without one ends the session. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    userAgent: varchar("user_agent", { length: 300 }),
  },
  (t) => [index("sessions_expire_idx").on(t.expire), index("sessions_user_idx").on(t.userId)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 128 }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("password_resets_token_unique").on(t.tokenHash),
    index("password_resets_user_idx").on(t.userId, t.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type ShiftRow = typeof shifts.$inferSelect;
export type SwapRequestRow = typeof swapRequests.$inferSelect;
export type SwapRequestPartyRow = typeof swapRequestParties.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** Counters for per-account limits, shared by every app instance. */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 300 }).primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/**
 * Keys CrewSwap makes for itself when the environment gives none (the session secret, the VAPID
 * pair): kept with the data, so every instance on one database uses the same ones and a backup
 * carries them (decision 018).
 */
export const appSecrets = pgTable("app_secrets", {
  name: varchar("name", { length: 100 }).primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One browser's Web Push subscription (RFC 8030); an endpoint belongs to one user at a time. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: varchar("p256dh", { length: 200 }).notNull(),
    auth: varchar("auth", { length: 100 }).notNull(),
    createdAt: createdAt(),
    /** When the device last took a push, to within an hour (a success is recorded at most hourly). */
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    failures: integer("failures").notNull().default(0),
    /** When the current run of failures began; null while the last push got through. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

/**
 * Work after a change that needs a person: one row per recipient, written in the change's own
 * transaction and sent after commit by the push worker and the email digest (DESIGN §5.17).
 * Stored with fillfactor 50 (migration 0025), so that a row's claim is a HOT update.
 */
export const notificationOutbox = pgTable(
  "notification_outbox",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 40 }).notNull(),
    swapRequestId: integer("swap_request_id").references(() => swapRequests.id, { onDelete: "cascade" }),
    messageId: integer("message_id"),
    title: varchar("title", { length: 200 }).notNull(),
    body: varchar("body", { length: 300 }).notNull(),
    url: varchar("url", { length: 200 }).notNull(),
    tag: varchar("tag", { length: 100 }).notNull(),
    /** Names, date and shift type the texts were made from; the email digest groups by them. */
    context: json("context").$type<{ actorName: string; date: string; shiftType: string }>().notNull(),
    createdAt: createdAt(),
    /** Set when the recipient opens the conversation; a read event is neither pushed late nor mailed. */
    readAt: timestamp("read_at", { withTimezone: true }),
    pushState: varchar("push_state", { length: 10 }).notNull().default("pending"),
    pushNextAt: timestamp("push_next_at", { withTimezone: true }).notNull().defaultNow(),
    pushLeaseUntil: timestamp("push_lease_until", { withTimezone: true }),
    pushAttempts: integer("push_attempts").notNull().default(0),
    /** The devices still to reach, fixed at the first attempt: a retry only goes to those that failed. */
    pushDueTo: integer("push_due_to").array(),
    pushedAt: timestamp("pushed_at", { withTimezone: true }),
    /**
     * Set when the push fell in the recipient's quiet hours: the window's end, when it is sent. The
     * email digest counts "still unread" from here rather than from `createdAt`.
     */
    pushHeldUntil: timestamp("push_held_until", { withTimezone: true }),
    emailState: varchar("email_state", { length: 10 }).notNull(),
  },
  (t) => [
    // One index a lane (server/notifications/push-worker.ts): each claims its own due rows without
    // reading past the other's backlog.
    index("notification_outbox_push_due_idx")
      .on(t.pushNextAt)
      .where(sql`${t.pushState} = 'pending' and ${t.kind} <> 'cover_alert'`),
    index("notification_outbox_cover_push_due_idx")
      .on(t.pushNextAt)
      .where(sql`${t.pushState} = 'pending' and ${t.kind} = 'cover_alert'`),
    index("notification_outbox_email_due_idx").on(t.userId, t.createdAt).where(sql`${t.emailState} = 'pending'`),
    index("notification_outbox_user_request_idx").on(t.userId, t.swapRequestId),
    // The day's count of a colleague's cover-alert pushes (server/notifications/cover-queries.ts),
    // read for every colleague a request alerts: only their cover pushes, by time, answered from the
    // index alone where the table's pages are all visible.
    index("notification_outbox_cover_pushes_idx")
      .on(t.userId, t.createdAt)
      .where(sql`${t.kind} = 'cover_alert' and ${t.pushState} <> 'capped'`),
  ],
);

/** Per-user notification choices; a missing row means the defaults (email on, cover alerts on, own hub). */
export const notificationSettings = pgTable("notification_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  email: boolean("email").notNull().default(true),
  lastDigestAt: timestamp("last_digest_at", { withTimezone: true }),
  coverAlerts: boolean("cover_alerts").notNull().default(true),
  followAllHubs: boolean("follow_all_hubs").notNull().default(false),
  /** Hubs whose needs for cover the user hears about; null means their own hub, whichever it is now. */
  followedHubs: hub("followed_hubs").array(),
  /** Quiet hours, a daily window in London time ("HH:mm"); both null when off. */
  quietStart: varchar("quiet_start", { length: 5 }),
  quietEnd: varchar("quiet_end", { length: 5 }),
  /** 'Quiet after a night shift': until this London time on the day the night ends; null when off. */
  quietAfterNightUntil: varchar("quiet_after_night_until", { length: 5 }),
  /** Cover-alert pushes a London day; null means the server's COVER_ALERTS_PER_DAY. */
  coverAlertsPerDay: integer("cover_alerts_per_day"),
});

/**
 * Who was told about which need for cover (DESIGN §5.22): one row per request and colleague, so a
 * request alerts a person at most once whatever is edited afterwards.
 */
export const coverAlerts = pgTable(
  "cover_alerts",
  {
    swapRequestId: integer("swap_request_id")
      .notNull()
      .references(() => swapRequests.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.swapRequestId, t.userId] }),
    index("cover_alerts_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * What each write transaction changed, written by triggers (migration 0007) in the same
 * transaction: whose calendar or profile, and which days. Caches of answers built from those
 * tables (server/db/change-log.ts) ask it whether anything they read has changed since their
 * snapshot, so an answer is never served after a change to it has committed, on any instance.
 * Kept an hour, then pruned; never backed up.
 */
/** PostgreSQL's 64-bit transaction id, read as text (drizzle has no type of its own for it). */
const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

export const changeLog = pgTable(
  "change_log",
  {
    /** The writing transaction (pg_current_xact_id()), to test against a reader's snapshot. */
    txid: xid8("txid").notNull().default(sql`pg_current_xact_id()`),
    /** Whose data changed: a calendar, a profile or a swap request's party. */
    userId: integer("user_id").notNull(),
    /** The days of calendar changes; both null for a change to the profile or a swap request. */
    fromDay: date("from_day", { mode: "string" }),
    toDay: date("to_day", { mode: "string" }),
    /** A change to a profile that decides who is offered to colleagues (grade, names, proven address). */
    profile: boolean("profile").notNull().default(false),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("change_log_txid_idx").on(t.txid), index("change_log_at_idx").on(t.at)],
);
