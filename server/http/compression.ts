import { constants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

// Levels and the synchronous ceiling were chosen by measuring GET /api/shifts (a year of shifts,
// 91 KB of JSON) under load: docs/decisions/012-compressed-answers.md. Brotli 3 and gzip 3 are the
// last levels of their fast modes: the next ones cost up to twice the CPU for 5–10 % fewer bytes
// of an answer that is already 20 times smaller.
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
