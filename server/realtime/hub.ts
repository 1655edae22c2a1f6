import type { WebSocket } from "ws";
import type { RealtimeEvent } from "../../common/realtime";
import { type SessionsEnded, sidDigest } from "../events/publish";

export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_FORBIDDEN_ORIGIN = 4403;
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_SERVER_ERROR = 1011;
export const CLOSE_SERVICE_RESTART = 1012;
export const CLOSE_TRY_AGAIN_LATER = 1013;

type Client = { socket: WebSocket; userId: number; sid: string; digest: string; alive: boolean };

export type HubOptions = {
  /** A user's tabs and devices; more than this is refused rather than growing without bound. */
  maxSocketsPerUser: number;
  heartbeatMs: number;
  /** Which of these session ids are still valid (a logout or account deletion ends the socket). */
  validSessions: (sids: string[]) => Promise<Set<string>>;
  onError: (err: unknown) => void;
};

/** The sockets held by this app instance, by user. */
export class SocketHub {
  private readonly byUser = new Map<number, Set<Client>>();
  private timer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(private readonly opts: HubOptions) {}

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Registers an authenticated socket; false when the user already has too many. */
  add(socket: WebSocket, userId: number, sid: string): boolean {
    let set = this.byUser.get(userId);
    if (set && set.size >= this.opts.maxSocketsPerUser) return false;
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    const client: Client = { socket, userId, sid, digest: sidDigest(sid), alive: true };
    set.add(client);
    socket.on("pong", () => {
      client.alive = true;
    });
    socket.on("close", () => this.remove(client));
    return true;
  }

  private remove(client: Client) {
    const set = this.byUser.get(client.userId);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) this.byUser.delete(client.userId);
  }

  /** Sends the event to every local socket of these users; returns how many got it. */
  deliver(userIds: number[], event: RealtimeEvent): number {
    const data = JSON.stringify(event);
    let sent = 0;
    for (const id of userIds) {
      const set = this.byUser.get(id);
      if (!set) continue;
      for (const client of set) {
        if (client.socket.readyState !== client.socket.OPEN) continue;
        client.socket.send(data);
        sent += 1;
      }
    }
    return sent;
  }

  /** Closes (4401) this instance's sockets of sessions that ended: one of the user's, or all but `keepSid`. */
  endSessions(ended: SessionsEnded) {
    const set = this.byUser.get(ended.userId);
    if (!set) return;
    for (const client of [...set]) {
      if (ended.sid !== undefined && client.digest !== ended.sid) continue;
      if (ended.keepSid !== undefined && client.digest === ended.keepSid) continue;
      client.socket.close(CLOSE_UNAUTHORIZED, "Session ended");
      this.remove(client);
    }
  }

  closeAll(code: number, reason: string) {
    for (const set of this.byUser.values()) {
      for (const client of set) client.socket.close(code, reason);
    }
  }

  /** Pings every socket, ends those that missed the last ping, and those whose session ended. */
  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.beat(), this.opts.heartbeatMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async beat() {
    const clients = [...this.byUser.values()].flatMap((set) => [...set]);
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        this.remove(client);
        continue;
      }
      client.alive = false;
      try {
        client.socket.ping();
      } catch {
        client.socket.terminate();
        this.remove(client);
      }
    }
    if (this.checking || clients.length === 0) return;
    this.checking = true;
    try {
      const valid = await this.opts.validSessions([...new Set(clients.map((c) => c.sid))]);
      for (const client of clients) {
        if (!valid.has(client.sid)) client.socket.close(CLOSE_UNAUTHORIZED, "Session ended");
      }
    } catch (err) {
      this.opts.onError(err);
    } finally {
      this.checking = false;
    }
  }
}
