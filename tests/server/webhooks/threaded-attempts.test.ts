// The delivery thread: attempts are signed, sent and judged off the API's event loop and come back
// as the in-thread attempt would have; on Linux the thread runs at a lower priority than the API's;
// attempts held by a thread that dies or is closed fail (to be retried) instead of hanging.
import { readdirSync, readFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { orderCreatedEvent } from '../../../src/api/orders/events/order-event.ts';
import { AttemptThread, deliveryNice } from '../../../server/webhooks/threaded-attempts.ts';
import { startReceiver, type Receiver } from '../../../harness/webhook-receiver.ts';
import { endpointAt, orderAt } from './fixture.ts';

let receivers: Receiver[] = [];
let threads: AttemptThread[] = [];
afterEach(async () => {
  await Promise.all(threads.map((t) => t.close()));
  await Promise.all(receivers.map((r) => r.close()));
  [receivers, threads] = [[], []];
});

const now = Date.parse('2026-11-26T12:00:00Z');
const event = (n: number) => orderCreatedEvent(orderAt(n, now));

async function setUp(answer?: Parameters<typeof startReceiver>[0], script?: URL) {
  const receiver = await startReceiver(answer);
  const thread = new AttemptThread({ timeoutMs: 2_000, allowPrivate: false, script });
  receivers.push(receiver);
  threads.push(thread);
  return { receiver, thread, endpoint: endpointAt(receiver.url, now - 1_000) };
}

/** Each thread of this process (Linux): its id, name and nice value; the main thread's id is the pid. */
const threadNices = () =>
  readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // the name, in parentheses, may itself hold ") ": the fields start after the last one
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return {
      tid: Number(tid),
      name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      nice: Number(fields[16]),
    };
  });

describe('the delivery thread', () => {
  it('sends each attempt signed, and answers as an in-thread attempt would', async () => {
    const { receiver, thread, endpoint } = await setUp((n) => ({ status: n === 1 ? 204 : 503 }));
    const [first, second] = await Promise.all([
      thread.attempt(event(1), endpoint, 1),
      thread.attempt(event(2), endpoint, 3),
    ]);
    expect(receiver.received).toHaveLength(2);
    const verifier = new Webhook(endpoint.secrets[0]?.secret ?? '');
    for (const { headers, body } of receiver.received) {
      const id = String(headers['webhook-id']);
      const [timestamp, signature] = [headers['webhook-timestamp'], headers['webhook-signature']];
      const signed = {
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': String(signature),
      };
      expect(verifier.verify(body, signed)).toMatchObject({ id, type: 'order.created' });
    }
    const outcomes = [first, second].map((r) => r.record.outcome).sort();
    expect(outcomes).toEqual(['retrying', 'succeeded']);
    expect([first, second].find((r) => r.failed)?.record).toMatchObject({ status: 503, next_at: /Z$/ });
    expect(thread.inFlight).toBe(0);
  });

  it.runIf(process.platform === 'linux')(
    'runs at a lower priority than the thread that answers callers',
    async () => {
      const { thread, endpoint } = await setUp();
      await thread.attempt(event(1), endpoint, 1);
      const threads = threadNices();
      expect(
        threads.find((t) => t.tid === process.pid),
        JSON.stringify(threads),
      ).toMatchObject({ nice: 0 });
      expect(threads.map((t) => t.nice)).toContain(deliveryNice);
    },
  );

  it('fails the attempts it holds when closed, instead of leaving them unanswered', async () => {
    const { thread, endpoint } = await setUp(() => 'hang');
    const held = thread.attempt(event(1), endpoint, 1);
    await expect.poll(() => receivers[0]?.connections()).toBe(1);
    await thread.close();
    expect((await held).record).toMatchObject({ outcome: 'retrying', error: 'the server stopped' });
  });

  it('fails what a dead thread held, fails at once while its successor waits to start, then uses it', async () => {
    const dying = new URL('./fixtures/dying-thread.ts', import.meta.url);
    const { thread, endpoint } = await setUp(undefined, dying);
    const first = await thread.attempt(event(1), endpoint, 1);
    expect(first.record).toMatchObject({ outcome: 'retrying', error: 'the delivery thread stopped' });
    expect(thread.restarts).toBe(1);
    // Until its successor starts (100 ms later), attempts fail at once rather than wait.
    const meanwhile = await thread.attempt(event(2), endpoint, 1);
    expect(meanwhile.record.error).toBe('the delivery thread is restarting');
    await expect
      .poll(() => thread.attempt(event(3), endpoint, 1).then((r) => r.record.error))
      .toBe('the delivery thread stopped');
    expect(thread.restarts).toBe(2);
  });
});
