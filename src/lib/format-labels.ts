// Words and tones for the console's vocabularies: statuses, environments, alert kinds, callers;
// and the thresholds (read from v_thresholds) as page text.
import { formatCount } from './format.ts';

/** A status tone: each has a colour and an icon shape, so it also reads without colour. */
export type Tone = 'ok' | 'warn' | 'bad' | 'info' | 'neutral';

/** The icon shape of each tone. */
export const toneIcons: Record<Tone, string> = { ok: '●', warn: '▲', bad: '✕', info: '◆', neutral: '○' };

const keyStatusTones: Record<string, Tone> = {
  active: 'ok',
  expiring: 'warn',
  expired: 'bad',
  revoked: 'bad',
  rotated: 'info',
};
const functionStatusTones: Record<string, Tone> = { healthy: 'ok', degraded: 'warn', erroring: 'bad' };
const severityTones: Record<string, Tone> = { critical: 'bad', high: 'bad', warning: 'warn', info: 'info' };

/** The tone of a key status (active, expiring, expired, revoked, rotated). */
export const keyStatusTone = (status: string): Tone => keyStatusTones[status] ?? 'neutral';

/** The tone of a function status (healthy, degraded, erroring). */
export const functionStatusTone = (status: string): Tone => functionStatusTones[status] ?? 'neutral';

/** The tone of an alert severity. */
export const severityTone = (severity: string): Tone => severityTones[severity] ?? 'neutral';

/** Capitalises the first letter: "production" → "Production". */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A snake_case vocabulary word for people: "throttle_storm" → "Throttle storm". */
export function humanise(word: string): string {
  return capitalise(word.replaceAll('_', ' ').replaceAll('-', ' '));
}

/** The singular label of a target type: key → Key. */
export function targetTypeLabel(type: string): string {
  return capitalise(type);
}

/** A route as people name it: "POST /v2/orders". */
export function routeLabel(method: string, path: string): string {
  return `${method} ${path}`;
}

const thresholdNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A percentage threshold as page text, without trailing zeros: 80 → "80%", 99.9 → "99.9%". */
export function thresholdPct(value: number): string {
  return `${thresholdNumber.format(value)}%`;
}

/** A count threshold as page text, compact from ten thousand: 200000 → "200K". */
export function thresholdCount(value: number): string {
  return formatCount(value);
}

/** A score threshold as page text: 55 → "55", 55.5 → "55.5". */
export function thresholdScore(value: number): string {
  return thresholdNumber.format(value);
}
