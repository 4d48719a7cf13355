// The alert a failing webhook endpoint raises on the Overview: which endpoint, the consumer whose
// key registered it, how many events wait for it and why (disabled, or its latest attempt failed).
import { isFailing } from './endpoint-stats.ts';
import type { EndpointRow } from './webhook-endpoints.ts';

/** One failing endpoint's alert. */
export interface EndpointAlert {
  endpoint_id: string;
  href: string;
  severity: 'critical' | 'warning';
  consumer: EndpointRow['consumer'];
  environment: EndpointRow['environment'];
  /** Deliveries waiting for it (none reach a disabled endpoint until it is recovered). */
  waiting: number;
  next_attempt_at: string | null;
  cause: string;
}

/** The alerts of every failing endpoint: disabled ones first, then by the deliveries waiting. */
export function endpointAlerts(rows: readonly EndpointRow[]): EndpointAlert[] {
  return rows
    .filter(isFailing)
    .map((e): EndpointAlert => {
      const last = e.last_attempt;
      const answered =
        last?.status != null ? `was answered ${last.status}` : `failed: ${last?.error ?? 'no answer'}`;
      return {
        endpoint_id: e.id,
        href: `/app/api/events/endpoints/${e.id}`,
        severity: e.status === 'disabled' ? 'critical' : 'warning',
        consumer: e.consumer,
        environment: e.environment,
        waiting: e.backlog.waiting,
        next_attempt_at: e.backlog.next_attempt_at,
        cause:
          e.status === 'disabled'
            ? `disabled (${e.disabled_reason ?? 'no reason given'}): nothing is sent to it until it is recovered`
            : `its latest delivery attempt ${answered}`,
      };
    })
    .sort((a, b) => (a.severity === b.severity ? b.waiting - a.waiting : a.severity === 'critical' ? -1 : 1));
}
