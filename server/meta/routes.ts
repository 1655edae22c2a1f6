import type { FastifyInstance } from "fastify";
import { shippedSchemaVersion } from "../db/open";
import { appliedMigration } from "./queries";

/** Public settings the client needs before anyone signs in. */
export async function metaRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  app.get("/api/meta", async () => ({
    allowedEmailDomains: config.allowedEmailDomains,
    tutorialsPlaylistUrl: config.tutorialsPlaylistUrl,
    // The calendar marks breaches of one's own roster with the same limits the swap checks use.
    workingTime: config.workingTime,
  }));

  const shipped = shippedSchemaVersion().when;
  // Liveness is any answer; readiness is 200: the database answers and has this build's migrations.
  app.get("/api/health", async (_request, reply) => {
    let database = "ok";
    let migrations = "ok";
    try {
      if ((await appliedMigration(app.deps.db)) < shipped) migrations = "pending";
    } catch {
      database = "unreachable";
      migrations = "unknown";
    }
    const ready = database === "ok" && migrations === "ok";
    if (!ready) reply.code(503).header("retry-after", "5");
    return { status: ready ? "ok" : "not ready", database, migrations };
  });
}
