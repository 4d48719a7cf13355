// Formatting for people: compact counts, percentages, latencies, dates and relative times.
// Pure and locale-pinned (en-US, UTC) so the build, the server and the tests agree.

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const dayMs = 86_400_000;

/** A count for a card or cell: 1,234 below ten thousand, then 12.3K, 1.2M. */
export function formatCount(value: number): string {
  return Math.abs(value) < 10_000 ? whole.format(value) : compact.format(value);
}

/** An exact count with thousands separators: 1,234,567. */
export function formatInteger(value: number): string {
  return whole.format(value);
}

/** A percentage (0–100 in, text out): 99.95%; `digits` fixes the decimals (default 1). */
export function formatPct(value: number, digits = 1): string {
  return `${value.toFixed(digits)}%`;
}

/** A latency in milliseconds: 84 ms, 1.2 s from a second up (999.6 ms reads 1.0 s, not 1000 ms). */
export function formatMs(value: number): string {
  const ms = Math.round(value);
  return ms >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${ms} ms`;
}

/** A blast score with one decimal. */
export function formatScore(value: number): string {
  return value.toFixed(1);
}

/** Parses a DuckDB date or timestamp string ('2026-10-29' or '2026-10-29 14:03:00') as UTC. */
export function parseUtc(value: string): Date {
  const iso = value.includes('T') || !value.includes(' ') ? value : value.replace(' ', 'T');
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}${iso.length > 10 ? 'Z' : 'T00:00:00Z'}`);
}

/** A calendar date: 29 Oct 2026. */
export function formatDate(value: string): string {
  return parseUtc(value).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The exact instant for a title or `<time datetime>`: 2026-10-29 14:03 UTC. */
export function formatExact(value: string): string {
  const iso = parseUtc(value).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** The machine-readable `datetime` attribute of a `<time>` element. */
export function isoDateTime(value: string): string {
  return parseUtc(value).toISOString();
}

/** How long before or after `asOf` a moment is, in words: today, yesterday, 3 days ago, in 5 days. */
export function formatRelative(value: string, asOf: string): string {
  const days = Math.floor(parseUtc(asOf).getTime() / dayMs) - Math.floor(parseUtc(value).getTime() / dayMs);
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days === -1) return 'tomorrow';
  const n = Math.abs(days);
  const unit = n >= 60 ? `${Math.round(n / 30)} months` : `${n} days`;
  return days > 0 ? `${unit} ago` : `in ${unit}`;
}

/** A key as the console may show it: type prefix, an ellipsis, and the last four characters. */
export function maskKey(prefix: string, last4: string): string {
  return `${prefix}_…${last4}`;
}

/** A short day label for chart axes: 29 Oct. */
export function formatDay(value: string): string {
  return parseUtc(value).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** A count with its noun, singular or plural: "1 consumer", "6 consumers". */
export function formatNoun(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatInteger(count)} ${count === 1 ? singular : plural}`;
}

/** A burn rate, a multiple of the allowed error rate, with one decimal: 14.4×. */
export function formatBurnRate(value: number): string {
  return `${value.toFixed(1)}×`;
}

/** A window length in minutes as people say it: 5 min, 30 min, 1 h, 6 h, 1 h 30 min, 3 days. */
export function formatWindow(minutes: number): string {
  if (minutes >= 1440 && minutes % 1440 === 0) return `${minutes / 1440} days`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
