// Durations on the command line (`--overlap 30m`, `24h`, `7d`, `1d12h`, `0`): whole numbers of
// days, hours, minutes and seconds, largest unit first; docs/decisions.md, "Key lifecycle".
import { UsageError } from '../lib/cli-args.ts';

const unitMs = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000 } as const;
const shape = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

/** Milliseconds in a duration, or a UsageError naming the option. At most `maxMs`. */
export function parseDuration(option: string, text: string, maxMs: number): number {
  const match = text === '0' ? ['0'] : shape.exec(text);
  if (!match || text === '')
    throw new UsageError(`--${option} must be a duration such as 30m, 24h or 7d (d, h, m, s), got ${text}`);
  const [, d = '0', h = '0', m = '0', s = '0'] = match;
  const ms = Number(d) * unitMs.d + Number(h) * unitMs.h + Number(m) * unitMs.m + Number(s) * unitMs.s;
  if (ms > maxMs) throw new UsageError(`--${option} must be at most ${formatDuration(maxMs)}, got ${text}`);
  return ms;
}

/** A duration in the same syntax, e.g. 90000000 → 1d1h. */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0';
  let rest = ms;
  let text = '';
  for (const [unit, size] of Object.entries(unitMs)) {
    const count = Math.floor(rest / size);
    if (count > 0) text += `${count}${unit}`;
    rest -= count * size;
  }
  return text || `${ms}ms`;
}
