export const TICKS_PER_S: number;
export function cpuMsOf(pid: number): number | null;
export function pushSendersOf(pids: number[]): number[];
