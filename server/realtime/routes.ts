import websocket from "@fastify/websocket";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { liveSessionKeys, readSid, sessionKey, userForSession } from "../auth/sessions";
import { isConnectionLoss } from "../db/connection-loss";
import { createEventListener, listenConnectionString } from "../db/listener";
import { type ChannelMessage, channelMessageSchema, EVENTS_CHANNEL } from "../events/publish";
import {
  CLOSE_FORBIDDEN_ORIGIN,
  CLOSE_GOING_AWAY,
  CLOSE_SERVER_ERROR,
  CLOSE_SERVICE_RESTART,
  CLOSE_TRY_AGAIN_LATER,
  CLOSE_UNAUTHORIZED,
  SocketHub,
} from "./hub";

export type RealtimeOptions = { heartbeatMs?: number; maxSocketsPerUser?: number };

/** A NOTIFY payload from any instance; anything malformed is dropped. */
function parseChannelMessage(payload: string): ChannelMessage | null {
  try {
    const parsed = channelMessageSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A browser always names the page's origin; it must be ours (cross-site WebSocket hijacking). */
function originAllowed(request: FastifyRequest, appUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    const host = new URL(origin).host;
    return host === request.headers.host || host === new URL(appUrl).host;
  } catch {
    return false;
  }
}

/** The /ws endpoint (DESIGN §5.14) and the LISTEN connection that feeds it. */
export async function realtimeRoutes(app: FastifyInstance, opts: RealtimeOptions = {}) {
  const { db, config } = app.deps;
  const connectionString = listenConnectionString(db, app.deps.databaseUrl);

  const hub = new SocketHub({
    maxSocketsPerUser: opts.maxSocketsPerUser ?? 20,
    heartbeatMs: opts.heartbeatMs ?? 30_000,
    validSessions: (sids) => liveSessionKeys(db, sids),
    onError: (err) => app.log.warn({ err }, "could not check the sessions of open sockets"),
  });

  const listener = createEventListener({
    name: "realtime",
    connectionString,
    channel: EVENTS_CHANNEL,
    log: app.log,
    onNotification: (payload) => {
      const note = parseChannelMessage(payload);
      if (!note) return;
      if ("sessionsEnded" in note) hub.endSessions(note.sessionsEnded);
      else hub.deliver(note.to, note.event);
    },
    onStatus: (connected) => {
      // Events sent while the connection was down are lost: clients reconnect, fall back to
      // polling meanwhile, and refresh everything once they are back.
      if (!connected) hub.closeAll(CLOSE_SERVICE_RESTART, "Realtime events interrupted");
    },
  });

  // Before the plugin's own preClose, so clients learn the server is going away (1001) and reconnect.
  app.addHook("preClose", async () => hub.closeAll(CLOSE_GOING_AWAY, "Server shutting down"));
  await app.register(websocket, { options: { maxPayload: 4 * 1024 } });

  await listener.start();
  hub.start();
  app.addHook("onClose", async () => {
    hub.stop();
    await listener.stop();
  });

  app.get("/ws", { websocket: true }, async (socket, request) => {
    if (!originAllowed(request, config.appUrl)) return socket.close(CLOSE_FORBIDDEN_ORIGIN, "Forbidden origin");
    const sid = readSid(request);
    if (!sid) return socket.close(CLOSE_UNAUTHORIZED, "Unauthorized");
    let user: Awaited<ReturnType<typeof userForSession>>;
    try {
      user = await userForSession(db, sid);
    } catch (err) {
      if (isConnectionLoss(err)) return socket.close(CLOSE_TRY_AGAIN_LATER, "Database unavailable");
      request.log.error({ err }, "could not authenticate a socket");
      return socket.close(CLOSE_SERVER_ERROR, "Server error");
    }
    if (!user) return socket.close(CLOSE_UNAUTHORIZED, "Unauthorized");
    if (socket.readyState !== socket.OPEN) return;
    if (!listener.connected) return socket.close(CLOSE_TRY_AGAIN_LATER, "Realtime events unavailable");
    if (!hub.add(socket, user.id, sessionKey(sid))) return socket.close(CLOSE_TRY_AGAIN_LATER, "Too many connections");
    // Clients only listen; anything they send is ignored.
  });
}
