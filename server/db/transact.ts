import type { Db, Tx } from "./open";

/** Thrown inside a transaction when what was locked no longer covers what it needs: the attempt retries. */
export class LockPlanChanged extends Error {}

function pgCode(e: unknown): string | undefined {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code ?? err?.cause?.code;
}

/**
 * Runs a transaction, retrying when PostgreSQL broke a deadlock or a serialisation conflict
 * (features lock the same rows in their own order) or when the lock plan went stale. A retried
 * attempt sends no event twice: the NOTIFYs of a rolled-back attempt are dropped by PostgreSQL.
 */
export async function transact<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (e) {
      const retryable = e instanceof LockPlanChanged || pgCode(e) === "40P01" || pgCode(e) === "40001";
      if (!retryable || attempt >= 6) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}
