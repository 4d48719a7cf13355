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
