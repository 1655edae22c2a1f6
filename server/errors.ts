import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isConnectionLoss } from "./db/connection-loss";

/** An error the API answers with its own status and message: `{ message, field? }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    readonly headers?: Record<string, string>,
    /** More of the answer's body beside the message, e.g. the warnings an agreement must acknowledge. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = (message = "Not signed in") => new AppError(401, message);
export const forbidden = (message = "You are not allowed to do that") => new AppError(403, message);
export const notFound = (message = "Not found") => new AppError(404, message);
export const conflict = (message: string, field?: string) => new AppError(409, message, field);
export const conflictWith = (message: string, details: Record<string, unknown>) =>
  new AppError(409, message, undefined, undefined, details);
export const tooMany = (retryAfterSeconds: number, message = "Too many attempts. Please try again later.") =>
  new AppError(429, message, undefined, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });

function fieldOf(path: string | undefined): string | undefined {
  const name = path?.split("/").filter(Boolean)[0];
  return name || undefined;
}

/** 'requesterShiftId' → 'Requester shift id'. */
const labelOf = (field: string | undefined) => {
  const words = (field ?? "input").replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const kinds: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
};

/** zod's own wording ('Invalid input: expected string, received undefined'); a schema's message is kept. */
const ZOD_DEFAULT = /^(Invalid (input|option|string|number|key|element|value)|Too (small|big)|Unrecognized key)/;

/** A validation failure in plain words for the person filling the form. */
function plainMessage(message: string | undefined, field: string | undefined, params: Record<string, unknown>) {
  if (message && !ZOD_DEFAULT.test(message)) return message;
  const label = labelOf(field);
  if (message?.endsWith("received undefined") || message?.endsWith("received null")) return `${label} is required`;
  if (typeof params.expected === "string" && kinds[params.expected])
    return `${label} must be ${kinds[params.expected]}`;
  if (Array.isArray(params.values)) return `Please choose a valid ${label.toLowerCase()}`;
  if (message?.startsWith("Too small")) return params.minimum === 1 ? `${label} is required` : `${label} is too short`;
  if (message?.startsWith("Too big")) return `${label} is too long`;
  if (Array.isArray(params.keys)) return `Unknown field: ${params.keys.join(", ")}`;
  return `${label} is invalid`;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send({
        ...error.details,
        message: error.message,
        ...(error.field ? { field: error.field } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = fieldOf(first?.instancePath) ?? (first?.params?.missingProperty as string | undefined);
      const message = plainMessage(first?.message, field, (first?.params ?? {}) as Record<string, unknown>);
      return reply.code(400).send(field ? { message, field } : { message });
    }
    if (isConnectionLoss(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .code(503)
        .header("retry-after", "5")
        .send({ message: "CrewSwap cannot reach its database just now. Please try again in a moment." });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(500).send({ message: "Something went wrong. Please try again." });
    }
    if (status === 429) return reply.code(429).send({ message: "Too many requests. Please try again later." });
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply.code(415).send({ message: "Unsupported content type" });
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE" || status === 413) {
      return reply.code(413).send({ message: "Request body too large" });
    }
    if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
      return reply.code(400).send({ message: "The request body is not valid JSON" });
    }
    return reply.code(status).send({ message: error.message });
  });
}
