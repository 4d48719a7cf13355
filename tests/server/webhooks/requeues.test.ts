// A resend is durable on the embedded default: its line in webhook-requeues.jsonl reopens a
// delivery whose last attempt had settled it, so a resend accepted before a kill -9 is sent after
// the restart; and the logs replay in time order (a resend restarts the endpoint's failing streak).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AttemptRecord } from '../../../server/webhooks/attempts.ts';
import { Deliverer } from '../../../server/webhooks/deliverer.ts';
import { replayLogs } from '../../../server/webhooks/replay.ts';
import { openRequeueFile } from '../../../server/webhooks/requeues.ts';
import { httpSender } from '../../../server/webhooks/sender.ts';
import { startReceiver, type Receiver } from '../../../harness/webhook-receiver.ts';
import { deliveryFixture, endpointAt, manualClock, orderAt } from './fixture.ts';

const t0 = Date.parse('2026-11-01T12:00:00.000Z');
const iso = (ms: number) => new Date(t0 + ms).toISOString();
const attempt = (ms: number, outcome: AttemptRecord['outcome']): AttemptRecord => ({
  event_id: 'evt_test1',
  endpoint_id: 'we_test1',
  event_type: 'order.created',
  environment: 'sandbox',
  attempt: 1,
  at: iso(ms),
  status: outcome === 'succeeded' ? 204 : 500,
  error: null,
  latency_ms: 1,
  outcome,
  next_at: null,
});

describe('replayLogs', () => {
  it.each<[string, AttemptRecord[], { at: number }[], boolean, number | null]>([
    // a failure settles the delivery, and the endpoint has been failing since it
    ['a failure alone', [attempt(0, 'failed')], [], true, 0],
    // a resend after it reopens the delivery and ends the streak
    ['a resend after the failure', [attempt(0, 'failed')], [{ at: 10 }], false, null],
    // a resend before an attempt is settled by that attempt
    ['an attempt after the resend', [attempt(0, 'failed'), attempt(20, 'failed')], [{ at: 10 }], true, 20],
  ])('%s', (_name, attempts, resends, settled, failingSinceMs) => {
    const replayed = replayLogs(
      attempts,
      resends.map((r) => ({ endpoint_id: 'we_test1', event_ids: ['evt_test1'], at: iso(r.at) })),
    );
    expect(replayed.last.has('evt_test1 we_test1')).toBe(settled);
    expect(replayed.failingSince.get('we_test1') ?? null).toBe(
      failingSinceMs === null ? null : t0 + failingSinceMs,
    );
  });
});

describe('a resend across a restart', () => {
  let receiver: Receiver | undefined;
  const dirs: string[] = [];
  afterEach(async () => {
    await receiver?.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Records a resend of evt_test1 to we_test1 a second after `f`'s clock, as the process that dies
   * before sending it; then restarts a deliverer over `f`'s stores and that line, and sends what is due.
   */
  async function resendAcrossRestart(
    f: ReturnType<typeof deliveryFixture>,
    clock: ReturnType<typeof manualClock>,
  ) {
    const dir = mkdtempSync(join(tmpdir(), 'requeues-'));
    dirs.push(dir);
    clock.advance(1000);
    const before = await openRequeueFile(dir);
    await before.record({
      endpoint_id: 'we_test1',
      event_ids: ['evt_test1'],
      at: new Date(clock.now()).toISOString(),
    });
    await before.close();
    const requeues = await openRequeueFile(dir);
    const restarted = new Deliverer({
      events: f.events,
      webhooks: f.webhooks,
      endpoints: () => f.webhooks.all(),
      log: { ...f.log, replayed: () => [...f.log.all] },
      requeues,
      clock,
      send: httpSender(false),
      random: () => 0.5,
    });
    await restarted.restore();
    await restarted.runDue();
    await requeues.close();
  }

  it('is sent after the restart when only its line was written', async () => {
    receiver = await startReceiver();
    const clock = manualClock(t0);
    const f = deliveryFixture(endpointAt(receiver.url, t0 - 1), clock);
    await f.create(orderAt(1, t0));
    await f.deliverer.runDue();
    expect(receiver.received).toHaveLength(1);
    await resendAcrossRestart(f, clock);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual(['evt_test1', 'evt_test1']);
  });

  // Found from outside (probe 12): the restart rebuilt only the events since the endpoint was made,
  // so an acknowledged resend of an older event was dropped.
  it('is sent after the restart for an event older than the endpoint', async () => {
    receiver = await startReceiver();
    const clock = manualClock(t0);
    const f = deliveryFixture(endpointAt(receiver.url, t0 + 500), clock);
    await f.create(orderAt(1, t0)); // before the endpoint: never delivered to it on its own
    await resendAcrossRestart(f, clock);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual(['evt_test1']);
  });

  it('asked while the attempt is in flight, it is sent again once that attempt ends', async () => {
    receiver = await startReceiver();
    const clock = manualClock(t0);
    const f = deliveryFixture(endpointAt(receiver.url, t0 - 1), clock);
    await f.create(orderAt(1, t0));
    const sending = f.deliverer.runDue();
    // The attempt is in flight (queued, neither due nor waiting): the resend waits for it.
    await f.deliverer.requeue('we_test1', ['evt_test1']);
    await sending;
    await f.deliverer.runDue();
    expect(receiver.received).toHaveLength(2);
    expect(f.deliverer.backlog('we_test1')).toEqual({ waiting: 0, nextMs: null });
  });
});
