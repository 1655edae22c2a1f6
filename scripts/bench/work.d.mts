import type { Work, WorkTarget } from "./drive";

export function watchWork(target: WorkTarget): Promise<{ stop: (requests: number) => Promise<Work> }>;

export const BENCH_APPLICATION: string;
