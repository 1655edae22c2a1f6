import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Health, healthSchema, metaSchema } from "../../common/meta";
import { shippedSchemaVersion } from "../db/open";
import { appliedMigration } from "./queries";

/** Public settings the client needs before anyone signs in. */
export async function metaRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/meta", { schema: { response: { 200: metaSchema } } }, async () => ({
    allowedEmailDomains: config.allowedEmailDomains,
    tutorialsPlaylistUrl: config.tutorialsPlaylistUrl,
    // The calendar marks breaches of one's own roster with the same limits the swap checks use.
    workingTime: config.workingTime,
  }));

  const shipped = shippedSchemaVersion().when;
  // Liveness is any answer; readiness is 200: the database answers and has this build's migrations.
  r.get("/api/health", { schema: { response: { 200: healthSchema, 503: healthSchema } } }, async (_request, reply) => {
    let database: Health["database"] = "ok";
    let migrations: Health["migrations"] = "ok";
    try {
      if ((await appliedMigration(app.deps.db)) < shipped) migrations = "pending";
    } catch {
      database = "unreachable";
      migrations = "unknown";
    }
    const ready = database === "ok" && migrations === "ok";
    if (!ready) reply.code(503).header("retry-after", "5");
    return { status: ready ? ("ok" as const) : ("not ready" as const), database, migrations };
  });
}
