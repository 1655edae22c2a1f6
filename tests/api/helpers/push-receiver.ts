import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import webpush from "web-push";

/**
 * A stand-in push service (RFC 8030) on 127.0.0.1. Each subscription it hands out has its own
 * P-256 key pair and auth secret, like a browser's; every push is decrypted (RFC 8291, aes128gcm)
 * and its VAPID JWT (RFC 8292) verified, so the server's encryption and signing really run.
 */
export type ReceivedPush = {
  subscription: string;
  payload: { title: string; body: string; url: string; tag: string };
  topic?: string;
  urgency?: string;
  vapidKey: string;
  at: number;
};

type Behaviour = "ok" | "gone" | "error" | "hang" | "unauthorized" | "forbidden" | "not-found";

/** The status a push service answers with when it refuses a push for good. */
const refusals: Partial<Record<Behaviour, number>> = { gone: 410, unauthorized: 401, forbidden: 403, "not-found": 404 };

type TestSubscription = {
  name: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  behaviour: Behaviour;
  requests: number;
};

const b64 = (b: Buffer) => b.toString("base64url");

/** RFC 8291 §3.4 and RFC 8188: one record, padding delimiter 0x02. */
export function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const uaPublic = ecdh.getPublicKey();
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("missing the last record's padding delimiter");
  return padded.subarray(0, end);
}

type VerifiedToken = { key: string; aud: unknown; exp: number };

/** Checks `Authorization: vapid t=JWT, k=KEY` and returns the key. */
export function verifyVapid(authorization: string | undefined, audience: string): string {
  const token = verifyToken(authorization);
  if (token.aud !== audience) throw new Error(`JWT aud ${token.aud}, expected ${audience}`);
  const now = Date.now() / 1000;
  if (!(token.exp > now && token.exp <= now + 24 * 3600 + 60)) throw new Error(`JWT exp ${token.exp}`);
  return token.key;
}

// A server signs one JWT per push service and reuses it for hours, as RFC 8292 intends: its
// signature is checked once, like a push service that remembers a token it has verified. Its
// audience and expiry are still checked on every push.
const verifiedTokens = new Map<string, VerifiedToken>();

function verifyToken(authorization: string | undefined): VerifiedToken {
  const known = verifiedTokens.get(authorization ?? "");
  if (known) return known;
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!m) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, k] = m;
  const [h, p, s] = jwt.split(".");
  const header = JSON.parse(Buffer.from(h, "base64url").toString());
  const claims = JSON.parse(Buffer.from(p, "base64url").toString());
  if (header.alg !== "ES256") throw new Error(`JWT alg ${header.alg}`);
  const raw = Buffer.from(k, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33, 65)) },
    format: "jwk",
  });
  const ok = verify(
    "sha256",
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(s, "base64url"),
  );
  if (!ok) throw new Error("VAPID signature does not verify");
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub)) throw new Error(`JWT sub ${claims.sub}`);
  const token = { key: k, aud: claims.aud, exp: Number(claims.exp) };
  if (verifiedTokens.size > 1000) verifiedTokens.clear();
  verifiedTokens.set(authorization ?? "", token);
  return token;
}

type Arrival = { sub: TestSubscription; body: Buffer; headers: http.IncomingHttpHeaders; vapidKey: string; at: number };

/**
 * When pushes are decrypted: as each arrives (tests), or `later`, by `decryptArrived()` once a
 * measurement is over. A real push service stores the ciphertext and the device decrypts it, on
 * other machines; the bench's stand-in shares the CPUs with the server it measures, and decrypting
 * a thousand pushes on arrival would take their share from the server during the measurement.
 */
type DecryptWhen = "on-arrival" | "later";

export class PushReceiver {
  readonly received: ReceivedPush[] = [];
  private arrived: Arrival[] = [];
  readonly errors: string[] = [];
  /** Pushes taken with `later` that did not decrypt: where they went, their Topic, and when. */
  readonly undecrypted: { subscription: string; topic?: string; at: number }[] = [];
  private subs = new Map<string, TestSubscription>();
  private topics = new Set<string>();
  private server = http.createServer((req, res) => this.handle(req, res));
  private hanging: http.ServerResponse[] = [];
  private waiters: Array<() => void> = [];
  origin = "";

  constructor(private readonly decryptWhen: DecryptWhen = "on-arrival") {}

  /** Pushes accepted so far, decrypted or not. */
  get arrivals() {
    return this.received.length + this.arrived.length;
  }

  /** Decrypts what arrived with `later`; a push that does not decrypt goes to `errors`, not `received`. */
  decryptArrived() {
    for (const a of this.arrived.splice(0)) {
      try {
        this.accept(a);
      } catch (err) {
        this.errors.push(String(err));
        this.undecrypted.push({ subscription: a.sub.endpoint, topic: a.headers.topic as string | undefined, at: a.at });
      }
    }
  }

  /** Forgets every push received so far, decrypted or not. */
  reset() {
    this.received.length = 0;
    this.arrived.length = 0;
    this.undecrypted.length = 0;
    this.topics.clear();
  }

  /** Distinct (subscription, Topic) pairs among the pushes accepted so far, decrypted or not. */
  distinctTopics(): number {
    return this.topics.size;
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A new browser-like subscription; post `json` to /api/push/subscriptions. */
  subscription(name: string) {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const sub: TestSubscription = {
      name,
      endpoint: `${this.origin}/push/${name}-${randomBytes(6).toString("hex")}`,
      keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) },
      ecdh,
      auth,
      behaviour: "ok",
      requests: 0,
    };
    this.subs.set(new URL(sub.endpoint).pathname, sub);
    return {
      json: { endpoint: sub.endpoint, keys: sub.keys },
      endpoint: sub.endpoint,
      /** How the push service answers from now on. */
      behave: (b: Behaviour) => {
        sub.behaviour = b;
      },
      requests: () => sub.requests,
    };
  }

  pushesFor(endpoint: string) {
    return this.received.filter((r) => r.subscription === endpoint);
  }

  /** Resolves once `predicate` holds, checking on each push; rejects after `ms`. */
  async waitFor(predicate: () => boolean, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!predicate()) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`push receiver: condition not met within ${ms} ms (${this.received.length} pushes)`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 100));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  private accept(a: Arrival) {
    const plain = decryptAes128gcm(a.body, a.sub.ecdh, a.sub.auth);
    this.received.push({
      subscription: a.sub.endpoint,
      payload: JSON.parse(plain.toString("utf8")),
      topic: a.headers.topic as string | undefined,
      urgency: a.headers.urgency as string | undefined,
      vapidKey: a.vapidKey,
      at: a.at,
    });
  }

  /**
   * A push's arrival is when its request's head arrives. The body is taken with plain 'data'
   * events: the bench's receiver shares the CPUs with the server it measures, and an async
   * iterator costs a promise per chunk.
   */
  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const at = Date.now();
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      this.answer(req, res, Buffer.concat(chunks), at);
      for (const w of this.waiters.splice(0)) w();
    });
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, at: number) {
    const sub = this.subs.get(req.url ?? "");
    if (!sub) {
      res.writeHead(404).end();
      return;
    }
    sub.requests += 1;
    if (sub.behaviour === "hang") {
      this.hanging.push(res);
      return;
    }
    const refusal = refusals[sub.behaviour];
    if (refusal) return void res.writeHead(refusal).end();
    if (sub.behaviour === "error") return void res.writeHead(500).end();
    try {
      if (req.method !== "POST") throw new Error(`method ${req.method}`);
      if (req.headers["content-encoding"] !== "aes128gcm")
        throw new Error(`encoding ${req.headers["content-encoding"]}`);
      if (!req.headers.ttl) throw new Error("no TTL header");
      const vapidKey = verifyVapid(req.headers.authorization, this.origin);
      const arrival = { sub, body, headers: req.headers, vapidKey, at };
      this.topics.add(`${sub.name}|${req.headers.topic}`);
      if (this.decryptWhen === "later") this.arrived.push(arrival);
      else this.accept(arrival);
      res.writeHead(201).end();
    } catch (err) {
      this.errors.push(String(err));
      res.writeHead(400).end();
    }
  }
}

/**
 * An app's settings for pushing to this receiver: a fresh VAPID pair, loopback endpoints allowed,
 * messages pushed without a hold.
 */
export function pushAppEnv() {
  const vapid = webpush.generateVAPIDKeys();
  const env = {
    PUSH_ALLOW_INSECURE: "true",
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: "mailto:ops@crewswap.test",
    NOTIFY_MESSAGE_HOLD_SECONDS: "0",
  };
  return { vapid, env };
}
