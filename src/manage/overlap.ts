// A roll's overlap: the presets and the ISO 8601 durations the management API takes, and their
// milliseconds. Plain and dependency-free, so the console's island (src/what-if/act/) reads the same
// rules without bundling the contract's zod schemas.
import { maxRotationOverlapDays } from '../api/key-rotation.ts';

/** The longest overlap of a roll, in milliseconds: the API refuses longer, the console's dialog says so first. */
export const maxOverlapMs = maxRotationOverlapDays * 86_400_000;

/** The overlap presets of a roll, in milliseconds. */
export const overlapPresets = {
  now: 0,
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 604_800_000,
  '30d': 2_592_000_000,
} as const;

/** An ISO 8601 duration as a roll's overlap accepts it: weeks, or days and a time part. */
export const isoDurationPattern = /^P(?:(\d+)W|(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?)$/;

/** Milliseconds of an overlap (a preset or an ISO 8601 duration); null when it is neither. */
export function overlapMs(text: string): number | null {
  if (Object.hasOwn(overlapPresets, text)) return overlapPresets[text as keyof typeof overlapPresets];
  const match = isoDurationPattern.exec(text);
  if (!match || text === 'P' || text.endsWith('T')) return null;
  const [, w = '0', d = '0', h = '0', m = '0', s = '0'] = match;
  return (((Number(w) * 7 + Number(d)) * 24 + Number(h)) * 60 + Number(m)) * 60_000 + Number(s) * 1000;
}
