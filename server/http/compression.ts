import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import compress from "@fastify/compress";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

// Levels and the synchronous ceiling were chosen by measuring GET /api/shifts (a year of shifts,
// 91 KB of JSON) under load: docs/decisions/012-compressed-answers.md, figures in docs/benchmarks.md.
// Brotli 3 and gzip 3 are the last levels of their fast modes: the next ones cost up to twice the
// CPU for 5–10 % fewer bytes of an answer that is already 20 times smaller.
export const BROTLI_QUALITY = 3;
export const GZIP_LEVEL = 3;

/** Below this a compressed answer saves less than a packet and still costs a compression. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one synchronous call (~0.3 ms for 91 KB). The plugin's
 * default on two cores (8 KB) streams larger ones through the thread pool, which measured four to
 * six times the CPU per answer.
 */
export const SYNC_COMPRESS_MAX_BYTES = 256 * 1024;

/**
 * Compresses JSON and text answers above the threshold with brotli or gzip, as the client accepts.
 * Built static files arrive with their own Content-Encoding (precompressed .br/.gz) and are left
 * as they are; event streams are never compressed (they must flush per event), and WebSocket
 * upgrades never pass through onSend. Request bodies are never inflated: a compressed upload
 * would only be a way around the body limit.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
}

export type Encoding = "br" | "gzip";

const negotiator = new Negotiator<Encoding>({ supportedValues: ["br", "gzip"] });

/** The encoding the client prefers of those this server sends (as the plugin negotiates it), if any. */
export function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers["accept-encoding"];
  return header ? negotiator.negotiate(header.toLowerCase().replace(/\bx-gzip\b/g, "gzip")) : null;
}

/**
 * A text's compressed forms, each made on first use with the levels above and then kept with the
 * text: for an answer served many times as it is (a cached list), so it is compressed once per
 * version instead of once per request (decision 021).
 */
export function compressedForms(text: string): (encoding: Encoding) => Buffer {
  const made = new Map<Encoding, Buffer>();
  return (encoding) => {
    let bytes = made.get(encoding);
    if (!bytes) {
      bytes =
        encoding === "br"
          ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
          : gzipSync(text, { level: GZIP_LEVEL });
      made.set(encoding, bytes);
    }
    return bytes;
  };
}

/**
 * Sends JSON text kept with its compressed forms: compressed as the client accepts when worth it,
 * marked so the compression plugin leaves it as it is.
 */
export function sendKeptJson(
  request: FastifyRequest,
  reply: FastifyReply,
  json: string,
  forms: (encoding: Encoding) => Buffer,
) {
  reply.type("application/json; charset=utf-8").header("vary", "accept-encoding");
  const encoding = json.length >= COMPRESS_THRESHOLD_BYTES ? acceptedEncoding(request) : null;
  if (!encoding) return reply.send(json);
  return reply.header("content-encoding", encoding).send(forms(encoding));
}
