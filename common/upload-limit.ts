/**
 * SPEC §5 'Import file' and §9: a roster upload is at most 5MB; the client checks before sending, the
 * server on receipt. Its own module, so the client's import screen does not load the zod contracts.
 */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = "5MB";
