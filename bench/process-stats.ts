// What a benchmark reads about a process from /proc (Linux): CPU time and resident memory.
import { existsSync, readFileSync } from 'node:fs';

/** CPU time a process has used so far (user + system, all its threads), in ms; null off Linux. */
export function processCpuMs(pid: number | undefined): number | null {
  const stat = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(stat)) return null;
  // Fields after the ")" that ends the command name; utime and stime are the 12th and 13th, in
  // clock ticks (USER_HZ, 100 a second on Linux).
  const fields = readFileSync(stat, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time so far of each process of `pids` that can still be read, in ms by pid (empty off Linux). */
export function cpuByPid(pids: number[]): Map<number, number> {
  const readings = new Map<number, number>();
  for (const pid of pids) {
    const ms = processCpuMs(pid);
    if (ms !== null) readings.set(pid, ms);
  }
  return readings;
}

/**
 * CPU used since `before` by the processes `pids` names now, in ms: 0 for none, null when none of
 * them can be read (off Linux). A process started since counts whole; one that ended since cannot
 * be read, and its share is left out (Postgres ends a backend when the pool closes an idle
 * connection).
 */
export function cpuSince(before: Map<number, number>, pids: number[]): number | null {
  const now = cpuByPid(pids);
  if (now.size === 0) return pids.length === 0 ? 0 : null;
  let total = 0;
  for (const [pid, ms] of now) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** A process's resident memory now, in MB; NaN off Linux. */
export function processRssMb(pid: number | undefined): number {
  const status = `/proc/${pid}/status`;
  if (pid === undefined || !existsSync(status)) return NaN;
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(status, 'utf8'))?.[1];
  return kb === undefined ? NaN : Number(kb) / 1024;
}

/** The median of some figures. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
