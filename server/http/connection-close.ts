import type { FastifyInstance } from "fastify";

/**
 * Asks the client to close the connection after this answer when keeping it would hold up a
 * shutdown: the body was refused before it was read (a 413 on Content-Length, a bad upload), so
 * the connection is mid-request and never counts as idle; or the server is already closing.
 * Node's server.close() only ends connections that are idle at that moment, and one kept alive
 * afterwards lingers for the keep-alive timeout (72 s in Fastify), so close() waited that long.
 */
export function closeConnectionsThatWouldLinger(app: FastifyInstance) {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (request, reply) => {
    if (closing || !request.raw.complete) reply.header("connection", "close");
  });
}
