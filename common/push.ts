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
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT /api/notifications/settings: the choices to change; the others stay. */
export const notificationSettingsInputSchema = notificationSettingsSchema
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to change" });
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInputSchema>;

/** What the service worker receives in each push (RFC 8291 encrypted). */
export type PushPayload = { title: string; body: string; url: string; tag: string };
