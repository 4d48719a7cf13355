// An endpoint's delivery figures for its console page: over the last hour, the last day and every
// attempt kept, the attempts made, the share that succeeded and the p99 of their latency; and
// whether it is failing (its latest attempt failed, or it is disabled) for the Overview's alerts.
import type { DeliveryAttempt } from '../api/orders/events/endpoint-deliveries.ts';

/** The figures of one window of attempts. */
export interface AttemptWindow {
  label: string;
  attempts: number;
  /** Succeeded over attempts, in percent; null without attempts. */
  success_pct: number | null;
  /** Nearest-rank p99 of latency_ms; null without attempts. */
  p99_ms: number | null;
}

/** Nearest-rank percentile `p` (0–100) of values, or null when there are none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
}

/** The figures over the last hour, the last 24 h and every attempt given. */
export function attemptWindows(attempts: readonly DeliveryAttempt[], nowMs: number): AttemptWindow[] {
  const windows: [string, number][] = [
    ['Last hour', 3_600_000],
    ['Last 24 hours', 86_400_000],
    ['Every attempt kept', Number.POSITIVE_INFINITY],
  ];
  return windows.map(([label, spanMs]) => {
    const within = attempts.filter((a) => nowMs - Date.parse(a.at) <= spanMs);
    const succeeded = within.filter((a) => a.outcome === 'succeeded').length;
    return {
      label,
      attempts: within.length,
      success_pct: within.length === 0 ? null : (100 * succeeded) / within.length,
      p99_ms: percentile(
        within.map((a) => a.latency_ms),
        99,
      ),
    };
  });
}

/** Whether an endpoint is failing: disabled, or its latest attempt did not succeed. */
export function isFailing(endpoint: {
  status: string;
  last_attempt: Pick<DeliveryAttempt, 'outcome'> | null;
}): boolean {
  return (
    endpoint.status === 'disabled' ||
    (endpoint.last_attempt !== null && endpoint.last_attempt.outcome !== 'succeeded')
  );
}
