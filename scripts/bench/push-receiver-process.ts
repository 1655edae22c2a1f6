// The benches' stand-in push service in a process of its own, at a lower CPU priority (nice 10).
// A real push service runs on other machines; on the bench machine the stand-in shares the two
// cores with the server being measured, and in the bench's own process it took its CPU at the same
// priority as the server's request handlers. Here it takes what they leave. That can only delay
// when a push is seen to arrive, so the pushes' latency is measured no lower than it is.
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { lowerPriority } from "../../server/lower-priority";
import { PushReceiver } from "../../tests/api/helpers/push-receiver";

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } };
/**
 * A push as the burst's accounting needs it, decrypted or not: the subscription's name, the Topic
 * header (the tag as sent), when it arrived, and whether it decrypted to that tag.
 */
export type Delivery = { name: string; topic: string; at: number; decrypted: boolean };

type Request =
  | { op: "subscribe"; names: string[] }
  | { op: "reset" }
  | { op: "waitDistinct"; events: number; ms: number }
  | { op: "deliveries" };
type Answer = { id: number; result?: unknown; error?: string };

/** The parent's handle on the receiver process. */
export class ReceiverProcess {
  private nextId = 1;
  private waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  private constructor(
    private readonly child: ChildProcess,
    readonly origin: string,
  ) {
    child.on("message", (m: Answer) => {
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.error) w?.reject(new Error(m.error));
      else w?.resolve(m.result);
    });
    child.on("exit", () => {
      for (const w of this.waiting.values()) w.reject(new Error("the push receiver process exited"));
      this.waiting.clear();
    });
  }

  static async start(): Promise<ReceiverProcess> {
    const child = fork(fileURLToPath(import.meta.url), ["--serve"], {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const origin = await new Promise<string>((resolve, reject) => {
      child.once("message", (m: { ready: string }) => resolve(m.ready));
      child.once("exit", (code) => reject(new Error(`the push receiver process exited (${code})`)));
    });
    return new ReceiverProcess(child, origin);
  }

  private call<T>(request: Request): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ id, ...request });
    });
  }

  /** A browser-like subscription per name, each with its own keys. */
  subscribe(names: string[]) {
    return this.call<Subscription[]>({ op: "subscribe", names });
  }

  /** Forgets every push received so far. */
  reset() {
    return this.call<void>({ op: "reset" });
  }

  /**
   * Whether `events` distinct pushes (subscription and Topic) have arrived within `ms`: a push
   * sent again after a timeout is not counted twice.
   */
  waitForDistinct(events: number, ms: number) {
    return this.call<boolean>({ op: "waitDistinct", events, ms });
  }

  /** Decrypts what has arrived and lists every push, decrypted or not, for the burst's accounting. */
  deliveries() {
    return this.call<{ deliveries: Delivery[]; errors: string[] }>({ op: "deliveries" });
  }

  async stop() {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.kill("SIGTERM");
    await exited;
  }
}

/** The name a subscription was made for: its endpoint is `${origin}/push/${name}-${random hex}`. */
const nameOf = (endpoint: string) => {
  const last = new URL(endpoint).pathname.split("/").pop() ?? "";
  return last.slice(0, last.lastIndexOf("-"));
};

async function serve() {
  lowerPriority();
  const receiver = await new PushReceiver("later").start();
  const answer = async (request: Request): Promise<unknown> => {
    switch (request.op) {
      case "subscribe":
        return request.names.map((name) => receiver.subscription(name).json);
      case "reset":
        return receiver.reset();
      case "waitDistinct":
        return receiver
          .waitFor(() => receiver.distinctTopics() >= request.events, request.ms)
          .then(() => true)
          .catch(() => false);
      case "deliveries": {
        receiver.decryptArrived();
        const deliveries: Delivery[] = [
          ...receiver.received.map((r) => ({
            name: nameOf(r.subscription),
            topic: r.topic ?? "",
            at: r.at,
            // The Topic is the tag with only [A-Za-z0-9_-] kept; the benches' tags are all of those.
            decrypted: r.payload.tag === r.topic,
          })),
          ...receiver.undecrypted.map((u) => ({
            name: nameOf(u.subscription),
            topic: u.topic ?? "",
            at: u.at,
            decrypted: false,
          })),
        ];
        return { deliveries, errors: receiver.errors.splice(0) };
      }
    }
  };
  process.on("message", (m: Request & { id: number }) => {
    answer(m).then(
      (result) => process.send?.({ id: m.id, result } satisfies Answer),
      (err) => process.send?.({ id: m.id, error: String(err) } satisfies Answer),
    );
  });
  process.on("SIGTERM", () => void receiver.stop().then(() => process.exit(0)));
  process.on("disconnect", () => void receiver.stop().then(() => process.exit(0)));
  process.send?.({ ready: receiver.origin });
}

if (process.argv.includes("--serve")) await serve();
