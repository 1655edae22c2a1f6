import type { FastifyInstance } from "fastify";

/**
 * Asks the client to close the connection after this answer when keeping it would hold up a
 * shutdown: a large body was refused before it was read (a 413 on Content-Length, a bad upload), so
 * the connection is mid-request and never counts as idle; or the server is already closing.
 * Node's server.close() only ends connections that are idle at that moment, and one kept alive
 * afterwards lingers for the keep-alive timeout (72 s in Fastify), so close() waited that long.
 */
export function closeConnectionsThatWouldLinger(app: FastifyInstance) {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    else if (!request.raw.complete && !(Number(request.headers["content-length"]) <= READ_TO_THE_END)) {
      reply.header("connection", "close");
    }
    done(null, payload);
  });
}

/**
 * A refused body this small is still read to its end (Node discards the rest once the answer is
 * sent): closed mid-upload, a client still sending it gets a broken pipe instead of the answer (a
 * signed-out roster upload saw 'fetch failed' rather than its 401).
 */
const READ_TO_THE_END = 64 * 1024;
