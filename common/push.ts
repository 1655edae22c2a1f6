import { z } from "zod";
import { hubs } from "./hubs";

export const ENDPOINT_INVALID = "endpoint must be an https: URL of a push service";
export const ENDPOINT_NOT_PUBLIC =
  "endpoint must be a push service on the public internet, not a local, private or link-local address";

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;
/** Decoded length of unpadded URL-safe base64. */
const decodedLength = (s: string) => Math.floor((s.replace(/=+$/, "").length * 3) / 4);

/** The browser's PushSubscription.toJSON() as the client posts it (RFC 8030 endpoint, RFC 8291 keys). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string({ message: ENDPOINT_INVALID }).max(2048, ENDPOINT_INVALID).url(ENDPOINT_INVALID),
  keys: z.object(
    {
      p256dh: z
        .string({ message: "keys.p256dh is required" })
        .regex(base64url, "keys.p256dh must be URL-safe base64")
        .refine((s) => decodedLength(s) === 65, "keys.p256dh must be an uncompressed P-256 public key"),
      auth: z
        .string({ message: "keys.auth is required" })
        .regex(base64url, "keys.auth must be URL-safe base64")
        .refine((s) => decodedLength(s) === 16, "keys.auth must be 16 bytes"),
    },
    { message: "keys is required" },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({
  endpoint: z.string({ message: ENDPOINT_INVALID }).max(2048, ENDPOINT_INVALID).url(ENDPOINT_INVALID),
});

/** GET /api/push/public-key: the VAPID key a browser subscribes with. */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** POST /api/push/subscriptions: the endpoint now pushed to. */
export const savedSubscriptionSchema = z.object({ endpoint: z.string() });
export type SavedSubscription = z.infer<typeof savedSubscriptionSchema>;

/** The caller's devices the server pushes to: a browser whose endpoint is not here gets no pushes. */
export const pushSubscriptionListSchema = z.object({ endpoints: z.array(z.string()) });
export type PushSubscriptionList = z.infer<typeof pushSubscriptionListSchema>;

/** Largest daily cover-alert push limit a user may choose. */
export const MAX_COVER_ALERTS_PER_DAY = 20;

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockTime = (what: string) =>
  z
    .string({ message: `${what} must be a time such as 07:00` })
    .regex(CLOCK_TIME, `${what} must be a time such as 07:00`);

/** A daily window in London time; it may cross midnight (22:00 to 07:00). */
export const quietHoursSchema = z
  .object(
    { start: clockTime("Quiet hours start"), end: clockTime("Quiet hours end") },
    { message: "Quiet hours must be off (null) or a start and an end time" },
  )
  .refine((q) => q.start !== q.end, { message: "Quiet hours must start and end at different times", path: ["end"] });

/** Quiet from the end of my own night shift until this time on the day it ends. */
export const quietAfterNightSchema = z.object(
  { until: clockTime("Quiet after a night shift") },
  { message: "Quiet after a night shift must be off (null) or an until time" },
);

const coverCapMessage = `The daily cover alert limit must be a whole number from 0 to ${MAX_COVER_ALERTS_PER_DAY}`;

export const notificationSettingsSchema = z.object({
  email: z.boolean({ message: "email must be true or false" }),
  /** Pushes about colleagues who need cover on a day I marked free (DESIGN §5.22). */
  coverAlerts: z.boolean({ message: "coverAlerts must be true or false" }),
  followAllHubs: z.boolean({ message: "followAllHubs must be true or false" }),
  /** The hubs whose needs for cover I hear about; my own hub until I choose. */
  followedHubs: z
    .array(z.enum(hubs, { message: "followedHubs must list hubs by name" }), {
      message: "followedHubs must list hubs by name",
    })
    .max(hubs.length),
  /** Quiet hours (London time), null when off: pushes inside wait until they end. */
  quietHours: quietHoursSchema.nullable(),
  /** 'Quiet after a night shift', null when off. */
  quietAfterNight: quietAfterNightSchema.nullable(),
  /** Cover-alert pushes a day; the rest go into the email digest. 0: in the app and the digest only. */
  coverAlertsPerDay: z
    .number({ message: coverCapMessage })
    .int(coverCapMessage)
    .min(0, coverCapMessage)
    .max(MAX_COVER_ALERTS_PER_DAY, coverCapMessage),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT /api/notifications/settings: the choices to change; the others stay. */
export const notificationSettingsInputSchema = notificationSettingsSchema
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to change" });
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInputSchema>;

/** What the service worker receives in each push (RFC 8291 encrypted). */
export type PushPayload = { title: string; body: string; url: string; tag: string };
