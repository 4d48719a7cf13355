// Deliveries verify with the reference implementation (the standardwebhooks package): the id is
// the event id, the body the event object; a tampered body or an old timestamp fails, and while a
// secret rolls, both the new and the old secret verify.
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { deliveryFixture, endpointAt, orderAt } from './fixture.ts';
import { startReceiver, type Receiver } from '../../../harness/webhook-receiver.ts';

const oldSecret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const newSecret = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';
let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

/** The headers standardwebhooks reads, from a received delivery. */
const headersOf = (h: Record<string, string | string[] | undefined>) => ({
  'webhook-id': String(h['webhook-id']),
  'webhook-timestamp': String(h['webhook-timestamp']),
  'webhook-signature': String(h['webhook-signature']),
});

describe('Standard Webhooks signatures', () => {
  it('verify with standardwebhooks; the id is the event id and the body the event', async () => {
    receiver = await startReceiver();
    const clock = { now: () => Date.now() };
    const f = deliveryFixture(endpointAt(receiver.url, Date.now() - 1000, oldSecret), clock);
    await f.create(orderAt(1, Date.now()));
    await f.deliverer.runDue();
    const [delivery] = receiver.received;
    if (!delivery) throw new Error('nothing was delivered');
    const payload = new Webhook(oldSecret).verify(delivery.body, headersOf(delivery.headers)) as {
      id: string;
      type: string;
    };
    expect(payload).toMatchObject({ id: 'evt_test1', type: 'order.created', request: { id: 'req_test1' } });
    expect(delivery.headers['webhook-id']).toBe('evt_test1');
    expect(delivery.headers['content-type']).toBe('application/json');
  });

  it('fail on a tampered body, another secret, or a timestamp five minutes old', async () => {
    receiver = await startReceiver();
    const sentAt = Date.now() - 6 * 60_000;
    const f = deliveryFixture(endpointAt(receiver.url, sentAt - 1000, oldSecret), {
      now: () => sentAt,
    });
    await f.create(orderAt(2, sentAt));
    await f.deliverer.runDue();
    const delivery = receiver.received[0];
    if (!delivery) throw new Error('nothing was delivered');
    const headers = headersOf(delivery.headers);
    const hook = new Webhook(oldSecret);
    expect(() => hook.verify(delivery.body, headers)).toThrow(/timestamp/i);
    // The same delivery signed now verifies: what failed was its age alone.
    const fresh = { ...headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000)) };
    fresh['webhook-signature'] = hook.sign(headers['webhook-id'], new Date(), delivery.body);
    expect(() => hook.verify(delivery.body, fresh)).not.toThrow();
    expect(() => hook.verify(delivery.body.replace('cus_acme', 'cus_evil'), fresh)).toThrow();
    expect(() => new Webhook(newSecret).verify(delivery.body, fresh)).toThrow();
  });

  it('sign with both secrets while a secret rolls, each verifying on its own', async () => {
    receiver = await startReceiver();
    const endpoint = endpointAt(receiver.url, Date.now() - 1000);
    endpoint.secrets = [
      { secret: newSecret, expires_at: null },
      { secret: oldSecret, expires_at: new Date(Date.now() + 3_600_000).toISOString() },
    ];
    const f = deliveryFixture(endpoint, { now: () => Date.now() });
    await f.create(orderAt(3, Date.now()));
    await f.deliverer.runDue();
    const delivery = receiver.received[0];
    if (!delivery) throw new Error('nothing was delivered');
    expect(String(delivery.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [newSecret, oldSecret])
      expect(() => new Webhook(secret).verify(delivery.body, headersOf(delivery.headers))).not.toThrow();
  });
});
