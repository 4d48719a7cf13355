// A failing endpoint's alert names its consumer and the events waiting: disabled endpoints first,
// then by the events waiting; a healthy endpoint raises none.
import { describe, expect, it } from 'vitest';
import { endpointAlerts } from '../../src/live/endpoint-alerts.ts';
import type { EndpointRow } from '../../src/live/webhook-endpoints.ts';

const row = (id: string, fields: Partial<EndpointRow>): EndpointRow => ({
  id,
  url: 'http://127.0.0.1:9/hooks',
  description: '',
  enabled_events: ['order.created'],
  environment: 'sandbox',
  status: 'enabled',
  disabled_reason: null,
  created: '2026-11-26T00:00:00.000Z',
  key_id: 'key_1',
  consumer: { consumer_id: 'con_acme', name: 'Acme' },
  backlog: { waiting: 0, next_attempt_at: null },
  last_attempt: null,
  ...fields,
});
const failed = (status: number | null, error: string | null) =>
  ({
    event_id: 'evt_1',
    endpoint_id: 'we_x',
    event_type: 'order.created',
    environment: 'sandbox',
    attempt: 2,
    at: '2026-11-26T11:00:00.000Z',
    status,
    error,
    latency_ms: 3,
    outcome: 'retrying',
    next_at: '2026-11-26T11:05:00.000Z',
  }) as const;

describe('endpointAlerts', () => {
  it('names the consumer and the events waiting, disabled first, then most waiting', () => {
    const alerts = endpointAlerts([
      row('we_ok', {}),
      row('we_few', {
        backlog: { waiting: 2, next_attempt_at: '2026-11-26T11:05:00.000Z' },
        last_attempt: failed(500, null),
      }),
      row('we_many', {
        backlog: { waiting: 40, next_attempt_at: null },
        last_attempt: failed(null, 'no answer within 15 s'),
      }),
      row('we_gone', { status: 'disabled', disabled_reason: 'gone', consumer: null }),
    ]);
    expect(alerts.map((a) => [a.endpoint_id, a.severity, a.consumer?.name ?? null, a.waiting])).toEqual([
      ['we_gone', 'critical', null, 0],
      ['we_many', 'warning', 'Acme', 40],
      ['we_few', 'warning', 'Acme', 2],
    ]);
    expect(alerts.map((a) => a.cause)).toEqual([
      'disabled (gone): nothing is sent to it until it is recovered',
      'its latest delivery attempt failed: no answer within 15 s',
      'its latest delivery attempt was answered 500',
    ]);
    expect(alerts[0]?.href).toBe('/app/api/events/endpoints/we_gone');
  });
});
