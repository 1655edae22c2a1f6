import { existsSync } from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { ZodType } from "zod";
import { accountRoutes } from "./auth/account-routes";
import { authRoutes } from "./auth/routes";
import { type AuthLimits, defaultAuthLimits } from "./auth/service";
import { availabilityRoutes } from "./availability/routes";
import { calendarFeedRoutes } from "./calendar-feed/routes";
import { type Clock, systemClock } from "./clock";
import type { Config } from "./config";
import type { Db } from "./db/open";
import { registerErrorHandler } from "./errors";
import { appHtmlFor, sendAppHtml } from "./http/app-html";
import { registerCompression } from "./http/compression";
import { closeConnectionsThatWouldLinger } from "./http/connection-close";
import { isAppNavigation } from "./http/navigation";
import { hubRoutes } from "./hubs/routes";
import { importRoutes } from "./imports/routes";
import { defaultImportLimit } from "./imports/turns";
import { RequestLogController, requestId } from "./logger";
import type { Mailer } from "./mail/mailer";
import { messageRoutes } from "./messages/routes";
import { metaRoutes } from "./meta/routes";
import { type NotificationWorkerOptions, notifications } from "./notifications/lifecycle";
import { profileRoutes } from "./profile/routes";
import { realtimeRoutes } from "./realtime/routes";
import { allowedHostGuard } from "./security/allowed-host";
import { securityHeaders } from "./security/headers";
import { errorForLog, requestForLog } from "./security/log-redaction";
import { refuseNulText } from "./security/no-nul-text";
import type { AddressLookup } from "./security/public-address";
import { databaseRateLimitStore } from "./security/rate-limit-store";
import type { Limit } from "./security/rate-limits";
import { sameOriginGuard } from "./security/same-origin";
import { shiftRoutes } from "./shifts/routes";
import { swapRoutes } from "./swaps/routes";
import { type ShiftStartWorkerOptions, shiftStartWorker } from "./swaps/shift-start-worker";
import { threeWayRoutes } from "./swaps/three-way-routes";

export type Limits = { auth: AuthLimits; authPerIp: number; registrationsPerIp: number; imports: Limit };

export const defaultLimits: Limits = {
  auth: defaultAuthLimits,
  authPerIp: 300,
  registrationsPerIp: 100,
  imports: defaultImportLimit,
};

export type Deps = {
  config: Config;
  db: Db;
  /** For the LISTEN connections (realtime, push); defaults to the pool's connection string. */
  databaseUrl?: string;
  mailer: Mailer;
  limits: Limits;
  /** Tuning of the push worker (tests and benchmarks). */
  notificationWorker?: NotificationWorkerOptions;
  /** Resolves a push endpoint's host when it is stored; the system resolver unless a test names its own. */
  lookup?: AddressLookup;
  /** "Now" for timed work (requests closing when their shift starts); tests pass one they move. */
  clock: Clock;
  /** Tuning of the worker that closes requests whose shift started (tests). */
  shiftStartWorker?: ShiftStartWorkerOptions;
};

/** A route and its declared answers by status code (zod schemas, if any), as the contract tests read them. */
export type ResponseContract = { method: string; url: string; response?: Record<string, ZodType> };

declare module "fastify" {
  interface FastifyInstance {
    responseContracts: ResponseContract[];
    deps: Deps;
  }
}

/** Builds the whole application; never listens (main.ts and tests do). */
export async function buildApp(
  deps: Omit<Deps, "limits" | "clock"> & { limits?: Partial<Limits>; clock?: Clock },
  opts: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  if (!deps.config.sessionSecret)
    throw new Error("No session secret: set SESSION_SECRET or fill it in with withStoredSecrets");
  const app = createFastify(deps.config, opts);
  prepareApp(app, { ...deps, clock: deps.clock ?? systemClock, limits: { ...defaultLimits, ...deps.limits } });
  await registerRequestGuards(app);
  await registerRoutes(app);
  await registerClient(app);
  return app;
}

function createFastify(config: Config, opts: FastifyServerOptions): FastifyInstance {
  const { logger = { level: config.logLevel }, loggerInstance, ...rest } = opts;
  return Fastify({
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: requestId,
    logController: new RequestLogController(),
    ...(loggerInstance
      ? { loggerInstance }
      : {
          logger:
            typeof logger === "object"
              ? { ...logger, serializers: { ...logger.serializers, req: requestForLog, err: errorForLog } }
              : logger,
        }),
    ...rest,
  });
}

/** Decorations, validation, the contracts list and the hooks every request passes. */
function prepareApp(app: FastifyInstance, deps: Deps) {
  app.decorate("deps", deps);
  app.decorateRequest("user", null);
  app.decorateRequest("sid", null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const contracts: ResponseContract[] = [];
  app.decorate("responseContracts", contracts);
  app.addHook("onRoute", (route) => {
    const response = (route.schema as { response?: Record<string, ZodType> } | undefined)?.response;
    for (const method of [route.method].flat()) contracts.push({ method, url: route.url, response });
  });
  // Only JSON and multipart bodies are accepted: a cross-site form cannot post here.
  app.removeContentTypeParser("text/plain");
  registerErrorHandler(app);
  // The hooks every request passes take a callback: an async hook costs each request a promise.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });
  // The "request completed" line names who asked (the guard adds the id to the request's logger).
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.user) reply.log = request.log;
    done(null, payload);
  });
  closeConnectionsThatWouldLinger(app);
}

/** Cookies, security headers, rate limits, host and origin checks, compression: before any route. */
async function registerRequestGuards(app: FastifyInstance) {
  const { config, db } = app.deps;
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(securityHeaders, { cookieSecure: config.cookieSecure });
  // Counted in the database, so the per-IP limits hold across instances and restarts.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
  app.addHook("onRequest", allowedHostGuard(config));
  // Before any route: the compression hook attaches to routes as they are declared.
  await registerCompression(app);
  app.addHook("onRequest", sameOriginGuard(config));
  app.addHook("preValidation", refuseNulText);
}

async function registerRoutes(app: FastifyInstance) {
  await app.register(metaRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(profileRoutes);
  await app.register(hubRoutes);
  await app.register(shiftRoutes);
  await app.register(importRoutes);
  await app.register(availabilityRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(messageRoutes);
  await app.register(realtimeRoutes);
  await app.register(swapRoutes);
  await app.register(threeWayRoutes);
  await app.register(notifications, { worker: app.deps.notificationWorker });
  // On the root instance, not registered: its `closeStartedNow` is for the app's callers.
  await shiftStartWorker(app, app.deps.shiftStartWorker);
}

/** The built client, when there is one: its files, and index.html for the screens' addresses. */
async function registerClient(app: FastifyInstance) {
  const { clientDir } = app.deps.config;
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
  // Screens get index.html with their own chunks named for preloading.
  const appHtml = hasClient ? appHtmlFor(clientDir) : null;
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0];
    if (appHtml && isAppNavigation(request)) {
      return sendAppHtml(request, reply, appHtml(url, request.cookies));
    }
    return reply.code(404).send({ message: `No route for ${request.method} ${url}` });
  });
}
