import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/** An error the API answers with its own status and message: `{ message, field? }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = (message = "Not signed in") => new AppError(401, message);
export const forbidden = (message = "You are not allowed to do that") => new AppError(403, message);
export const notFound = (message = "Not found") => new AppError(404, message);
export const conflict = (message: string, field?: string) => new AppError(409, message, field);
export const tooMany = (retryAfterSeconds: number, message = "Too many attempts. Please try again later.") =>
  new AppError(429, message, undefined, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });

function fieldOf(path: string | undefined): string | undefined {
  const name = path?.split("/").filter(Boolean)[0];
  return name || undefined;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send(error.field ? { message: error.message, field: error.field } : { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = fieldOf(first?.instancePath) ?? (first?.params?.missingProperty as string | undefined);
      const message = first?.message && first.message !== "Required" ? first.message : `${field ?? "Input"} is invalid`;
      return reply.code(400).send(field ? { message, field } : { message });
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
