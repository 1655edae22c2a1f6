import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";

type HeaderOptions = {
  /** Served over HTTPS: HSTS, and plain-HTTP subresources upgraded. */
  cookieSecure: boolean;
};

type HeaderStep = { set: string; value: string } | { remove: string };
type Middleware = (
  req: unknown,
  res: { setHeader: (name: string, value: string) => void; removeHeader: (name: string) => void },
  next: (err?: unknown) => void,
) => void;

// Helmet's headers never change, so they are worked out once at start and replayed on every
// answer (@fastify/helmet built Helmet's middleware again, the policy parsed anew, per request).

function helmetOptions(cookieSecure: boolean) {
  return {
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
  };
}

/** What Helmet does to a response with these options, recorded once to be replayed on each. */
function helmetSteps(cookieSecure: boolean): HeaderStep[] {
  const steps: HeaderStep[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void steps.push({ set: name, value }),
    removeHeader: (name: string) => void steps.push({ remove: name }),
  };
  const middleware = helmet(helmetOptions(cookieSecure)) as unknown as Middleware;
  middleware({}, recorder, (err) => {
    if (err) throw err;
  });
  return steps;
}

const headers: FastifyPluginAsync<HeaderOptions> = async (app, { cookieSecure }) => {
  const steps = helmetSteps(cookieSecure);
  app.addHook("onRequest", (_request, reply, done) => {
    for (const step of steps) {
      if ("set" in step) reply.raw.setHeader(step.set, step.value);
      else reply.raw.removeHeader(step.remove);
    }
    done();
  });
};

/**
 * Security headers and the content security policy on every answer, routes and static files alike
 * (fastify-plugin: registered once at the root, not in a scope of its own).
 */
export const securityHeaders = fp(headers, { name: "security-headers" });
