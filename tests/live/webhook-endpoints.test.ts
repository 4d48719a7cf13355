// The console's view of the endpoints over the running API's queue: each endpoint with its consumer,
// backlog and latest attempt; its attempt log newest first; Resend and Recover answered as the API
// answers them (a refusal carries the API's own words).
import { afterEach, describe, expect, it } from 'vitest';
import { endpointsConsole } from '../../src/live/webhook-endpoints.ts';
import { startReceiver, type Receiver } from '../../harness/webhook-receiver.ts';
import { deliveryFixture, endpointAt, manualClock, orderAt } from '../server/webhooks/fixture.ts';

const t0 = Date.parse('2026-11-01T12:00:00.000Z');
let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

/** An endpoint whose receiver answers 500 first, then 204, and the console over it. */
async function failingOnce() {
  receiver = await startReceiver((n) => ({ status: n === 0 ? 500 : 204 }));
  const clock = manualClock(t0);
  const f = deliveryFixture(endpointAt(receiver.url, t0 - 1), clock);
  const view = endpointsConsole({
    ...f,
    clock,
    consumerOfKey: (keyId) => (keyId === 'key_sandbox' ? { consumer_id: 'con_acme', name: 'Acme' } : null),
  });
  await f.create(orderAt(1, t0));
  await f.deliverer.runDue();
  return { f, view, clock };
}

describe('the console over the endpoints', () => {
  it('lists an endpoint with its consumer, what waits, when, and its latest attempt', async () => {
    const { view } = await failingOnce();
    const [row] = await view.list();
    expect(row).toMatchObject({
      id: 'we_test1',
      consumer: { consumer_id: 'con_acme', name: 'Acme' },
      backlog: { waiting: 1, next_attempt_at: new Date(t0 + 5_000).toISOString() },
      last_attempt: { event_id: 'evt_test1', status: 500, outcome: 'retrying' },
    });
    expect(row).not.toHaveProperty('secrets');
    expect(await view.get('we_nothing')).toBeNull();
    expect(await view.get('../etc')).toBeNull();
  });

  it('resends an event now, and the log shows both attempts newest first', async () => {
    const { f, view } = await failingOnce();
    expect(await view.resend('we_test1', 'evt_test1')).toEqual({ ok: true, queued: 1, enabled: false });
    await f.deliverer.runDue();
    expect((await view.attempts('we_test1', 10)).map((a) => [a.attempt, a.status])).toEqual([
      [1, 204],
      [1, 500],
    ]);
    expect((await view.get('we_test1'))?.backlog).toEqual({ waiting: 0, next_attempt_at: null });
  });

  it('recovers what was not delivered since a time, and refuses what the API refuses', async () => {
    const { f, view, clock } = await failingOnce();
    clock.set(t0 + 5_000);
    await f.deliverer.runDue();
    // Delivered now: nothing to recover.
    expect(await view.recover('we_test1', new Date(t0 - 60_000).toISOString())).toEqual({
      ok: true,
      queued: 0,
      enabled: false,
    });
    expect(await view.resend('we_test1', 'evt_unknown')).toEqual({
      ok: false,
      status: 422,
      detail: 'No event evt_unknown in this environment',
    });
    expect(await view.recover('we_test1', 'yesterday')).toMatchObject({ ok: false, status: 422 });
    expect(await view.resend('we_nothing', 'evt_test1')).toMatchObject({ ok: false, status: 404 });
  });
});
