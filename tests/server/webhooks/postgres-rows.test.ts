// The Postgres delivery queue's rows: a claimed row's event (a raised event as stored, else the
// order.created of the order it carries, else none), and a batch of successes as one array per
// column of deliveries_succeeded.
import { describe, expect, it } from 'vitest';
import { endpointDisabledEvent, orderCreatedEvent } from '../../../src/api/orders/events/order-event.ts';
import { claimedEvent, succeededColumns, type ClaimRow } from '../../../server/webhooks/postgres-rows.ts';
import { endpointAt, orderAt } from './fixture.ts';

const delivery = { event_id: 'evt_test1', endpoint_id: 'we_test1', attempt: 1 };
const noOrder = {
  id: null,
  customer: null,
  lines: null,
  livemode: null,
  created_at: null,
  key_id: null,
  environment: null,
  idempotency_key: null,
  request_sha256: null,
  request_id: null,
};

describe('claimedEvent', () => {
  it('is the raised event as stored', () => {
    const raised = endpointDisabledEvent('evt_raised1', endpointAt('http://127.0.0.1:9/', 0), 1_000);
    expect(claimedEvent({ ...delivery, raised, ...noOrder })).toEqual(raised);
  });

  it("is the order.created of the order the row carries, as the order's store reads it", () => {
    const order = orderAt(1, Date.parse('2026-11-27T06:00:00.000Z'));
    const row: ClaimRow = {
      ...delivery,
      raised: null,
      ...order,
      created_at: new Date(order.created_at),
      request_id: order.request_id ?? null,
    };
    expect(claimedEvent(row)).toEqual(orderCreatedEvent(order));
  });

  it('is undefined when the row carries neither (the event is gone)', () => {
    expect(claimedEvent({ ...delivery, raised: null, ...noOrder })).toBeUndefined();
  });
});

describe('succeededColumns', () => {
  it('gives one array per column of attemptRow, then the leases, one element per success', () => {
    const record = (n: number) => ({
      event_id: `evt_${n}`,
      endpoint_id: 'we_test1',
      event_type: 'order.created',
      environment: 'sandbox',
      attempt: n,
      at: `2026-11-27T06:00:0${n}.000Z`,
      status: 204,
      error: null,
      latency_ms: n,
      outcome: 'succeeded' as const,
      next_at: null,
    });
    const columns = succeededColumns([
      { record: record(1), lease: 'lease 1' },
      { record: record(2), lease: 'lease 2' },
    ]);
    expect(columns).toHaveLength(12);
    expect(columns[0]).toEqual(['evt_1', 'evt_2']);
    expect(columns[4]).toEqual([1, 2]);
    expect(columns[7]).toEqual([null, null]);
    expect(columns[11]).toEqual(['lease 1', 'lease 2']);
  });
});
