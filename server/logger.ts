import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { createRequire } from "node:module";
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import pino, { type Logger } from "pino";
import { errorForLog, requestForLog } from "./security/log-redaction";

/** pino-pretty is a dev dependency: a production install writes JSON even to a terminal. */
function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

/**
 * The one logger of the process: JSON lines on stdout (what log collectors read), in a readable
 * form when a person is watching a terminal.
 */
export function createLogger(level: string, pretty = process.stdout.isTTY === true): Logger {
  return pino({
    level,
    serializers: {
      req: requestForLog as (req: unknown) => object,
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: errorForLog,
    },
    ...(pretty && prettyAvailable() ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
  });
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A load balancer's or client's X-Request-Id ties our lines to theirs; anything odd gets a fresh id. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

const isProbe = (request: FastifyRequest) => request.method === "GET" && request.url === "/api/health";

/**
 * A load balancer asks /api/health every few seconds: a ready answer is logged at debug, so the
 * info log keeps the requests of people. A probe that finds the instance not ready stays at info.
 */
export class RequestLogController extends LogController {
  incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    if (isProbe(request)) request.log.debug({ req: request }, "incoming request");
    else super.incomingRequest(request, reply);
  }

  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (!error && isProbe(request) && reply.statusCode === 200) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, "request completed");
    } else {
      super.requestCompleted(error, request, reply);
    }
  }
}
