import type { FastifyReply, FastifyRequest } from "fastify";
import { currentUser } from "../auth/guard";
import type { Db } from "../db/open";
import { AppError, tooMany } from "../errors";
import { hit, type Limit } from "../security/rate-limits";
import { releaseImportTurn, takeImportTurn } from "./queries";

/** Imports one user may start in a window: a flood from one account must not slow everyone else. */
export const defaultImportLimit: Limit = { max: 30, windowMs: 60 * 60 * 1000 };

export const IMPORT_RUNNING = "Your previous roster is still being imported. Please wait for it to finish.";

/** How long a turn is held at most, should an instance die before giving it back. */
const TURN_MS = 2 * 60 * 1000;

/**
 * One import at a time per user, on every instance: a turn is a row in rate_limits taken only
 * when free (or left behind by a dead instance), and given back when the answer has gone.
 */
export function importTurns(db: Db, limit: Limit) {
  const release = async (request: FastifyRequest) => {
    if (!request.importTurn) return;
    request.importTurn = false;
    await releaseImportTurn(db, currentUser(request).id);
  };

  return {
    /** onRequest, after requireUser: counts the import, then takes the user's turn or refuses. */
    take: async (request: FastifyRequest, _reply: FastifyReply) => {
      const userId = currentUser(request).id;
      const count = await hit(db, `import:${userId}`, limit);
      if (count.count > limit.max) {
        throw tooMany(count.retryAfter, "You have imported many rosters in a short time. Please try again later.");
      }
      const taken = await takeImportTurn(db, userId, TURN_MS);
      if (!taken) throw new AppError(409, IMPORT_RUNNING, "file");
      request.importTurn = true;
    },
    /** onSend: the turn goes back before the answer leaves. */
    releaseOnSend: async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      await release(request).catch((err) => request.log.warn({ err }, "could not end an import turn"));
      return payload;
    },
    /** onResponse: the turn goes back should onSend not have run. */
    release: async (request: FastifyRequest) => {
      await release(request).catch((err) => request.log.warn({ err }, "could not end an import turn"));
    },
  };
}

declare module "fastify" {
  interface FastifyRequest {
    importTurn?: boolean;
  }
}
