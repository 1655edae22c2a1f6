import { existsSync } from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { authRoutes } from "./auth/routes";
import { type AuthLimits, defaultAuthLimits } from "./auth/service";
import { availabilityRoutes } from "./availability/routes";
import { calendarFeedRoutes } from "./calendar-feed/routes";
import type { Config } from "./config";
import type { Db } from "./db/open";
import { registerErrorHandler } from "./errors";
import { hubRoutes } from "./hubs/routes";
import { importRoutes } from "./imports/routes";
import type { Mailer } from "./mail/mailer";
import { messageRoutes } from "./messages/routes";
import { metaRoutes } from "./meta/routes";
import { profileRoutes } from "./profile/routes";
import { realtimeRoutes } from "./realtime/routes";
import { requestForLog } from "./security/log-redaction";
import { refuseNulText } from "./security/no-nul-text";
import { sameOriginGuard } from "./security/same-origin";
import { shiftRoutes } from "./shifts/routes";
import { swapRoutes } from "./swaps/routes";

export type Limits = { auth: AuthLimits; authPerIp: number; registrationsPerIp: number };

export const defaultLimits: Limits = { auth: defaultAuthLimits, authPerIp: 300, registrationsPerIp: 100 };

export type Deps = {
  config: Config;
  db: Db;
  /** For the realtime LISTEN connection; defaults to the pool's connection string. */
  databaseUrl?: string;
  mailer: Mailer;
  limits: Limits;
};

declare module "fastify" {
  interface FastifyInstance {
    deps: Deps;
  }
}

/** Builds the whole application; never listens (main.ts and tests do). */
export async function buildApp(
  deps: Omit<Deps, "limits"> & { limits?: Partial<Limits> },
  opts: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const { config } = deps;
  const { logger = { level: config.logLevel }, ...rest } = opts;
  const app = Fastify({
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    logger:
      typeof logger === "object" ? { ...logger, serializers: { ...logger.serializers, req: requestForLog } } : logger,
    ...rest,
  });
  app.decorate("deps", { ...deps, limits: { ...defaultLimits, ...deps.limits } });
  app.decorateRequest("user", null);
  app.decorateRequest("sid", null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON and multipart bodies are accepted: a cross-site form cannot post here.
  app.removeContentTypeParser("text/plain");
  registerErrorHandler(app);

  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(helmet, {
    hsts: config.cookieSecure ? { maxAge: 31536000, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https://i.ytimg.com"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameSrc: ["https://www.youtube-nocookie.com", "https://www.youtube.com"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(config.cookieSecure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
  });
  await app.register(rateLimit, { global: false });
  app.addHook("onRequest", sameOriginGuard(config));
  app.addHook("preValidation", refuseNulText);

  await app.register(metaRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(hubRoutes);
  await app.register(shiftRoutes);
  await app.register(importRoutes);
  await app.register(availabilityRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(messageRoutes);
  await app.register(realtimeRoutes);
  await app.register(swapRoutes);

  const { clientDir } = config;
  const hasClient = existsSync(path.join(clientDir, "index.html"));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Hashed build assets never change under their name; everything else is revalidated.
      setHeaders: (reply, file) => {
        reply.header(
          "cache-control",
          file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0];
    if (request.method === "GET" && !url.startsWith("/api/") && url !== "/ws" && hasClient) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.code(404).send({ message: `No route for ${request.method} ${url}` });
  });
  return app;
}
