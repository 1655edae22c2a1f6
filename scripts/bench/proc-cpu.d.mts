export const TICKS_PER_S: number;
export function cpuMsOf(pid: number): number | null;
export function pushWorkersOf(pids: number[]): number[];
