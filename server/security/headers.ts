import helmet from "@fastify/helmet";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";

type HeaderOptions = {
  /** Served over HTTPS: HSTS, and plain-HTTP subresources upgraded. */
  cookieSecure: boolean;
};

const headers: FastifyPluginAsync<HeaderOptions> = async (app, { cookieSecure }) => {
  await app.register(helmet, {
    hsts: cookieSecure ? { maxAge: 31536000, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https://i.ytimg.com"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        // The service worker and the web app manifest are our own files.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["https://www.youtube-nocookie.com", "https://www.youtube.com"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(cookieSecure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
  });
};

/**
 * Security headers and the content security policy on every answer, routes and static files alike
 * (fastify-plugin: registered once at the root, not in a scope of its own).
 */
export const securityHeaders = fp(headers, { name: "security-headers" });
