import type { FastifyInstance } from "fastify";

/** Public settings the client needs before anyone signs in. */
export async function metaRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  app.get("/api/meta", async () => ({
    allowedEmailDomains: config.allowedEmailDomains,
    tutorialsPlaylistUrl: config.tutorialsPlaylistUrl,
  }));
  app.get("/api/health", async () => {
    await app.deps.db.execute("select 1");
    return { ok: true };
  });
}
