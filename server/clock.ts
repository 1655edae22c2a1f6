/**
 * Where timed work takes "now" from (shift starts closing requests): one source, passed to
 * `buildApp` in its deps, so tests move time instead of waiting for it.
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
