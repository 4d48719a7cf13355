// An attempt that disables its endpoint on the embedded default, cut short as a kill -9 would: the
// write that should come next never reaches its file (node:fs/promises refuses it), the stores are
// closed and opened again over the same folder as a restarted server opens them. Between the
// endpoint's save and its event's raise, the restart raises that `endpoint.disabled`, once, and
// delivers it; between the attempt's record and the save, the endpoint stays enabled and its next
// refusal disables it (the documented behaviour).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredEvent, WebhookEndpoint } from '../../../src/api/orders/deps.ts';
import { orderCreatedEvent, webhookBody } from '../../../src/api/orders/events/order-event.ts';
import { MemoryOrderStore } from '../../../src/api/orders/memory-store.ts';
import { eventsFile, webhooksFile } from '../../../server/events/embedded-events.ts';
import type { ApiStores } from '../../../server/stores/select.ts';
import type { StoredEndpoint } from '../../../server/webhooks/disabling.ts';
import { openEventStores, type EventRuntime } from '../../../server/webhooks/open.ts';
import type { Sender, SendResult } from '../../../server/webhooks/sender.ts';
import { endpointAt, orderAt } from './fixture.ts';

/** File names whose appends fail (nothing written), as if the process had died before them. */
const cut = vi.hoisted(() => ({ files: new Set<string>() }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const open: typeof fs.open = async (...args) => {
    const handle = await fs.open(...args);
    const name = String(args[0]).split('/').at(-1) ?? '';
    const write = handle.write.bind(handle) as (...a: unknown[]) => Promise<unknown>;
    return Object.assign(handle, {
      write: (...a: unknown[]) =>
        cut.files.has(name)
          ? Promise.reject(Object.assign(new Error(`EIO: ${name} cut by the test`), { code: 'EIO' }))
          : write(...a),
    });
  };
  return { ...fs, open };
});

const t0 = Date.parse('2026-11-01T12:00:00.000Z');
const gone: SendResult = { kind: 'answered', status: 410, retryAfter: undefined, latencyMs: 1 };
const ok: SendResult = { kind: 'answered', status: 204, retryAfter: undefined, latencyMs: 1 };
/** An endpoint's fields in GET /v2/webhooks (and in its endpoint.disabled). */
const publicFields = [
  'created',
  'description',
  'disabled_reason',
  'enabled_events',
  'id',
  'livemode',
  'object',
  'status',
  'url',
];

describe('an embedded disabling cut short by a kill', () => {
  let dir = '';
  let orders = new MemoryOrderStore();
  /** What each endpoint was sent: its URL and the event's id. */
  const sent: { url: string; eventId: string }[] = [];
  const send: Sender = (url, headers) => {
    sent.push({ url, eventId: String(headers['webhook-id']) });
    return Promise.resolve(url.endsWith('/gone') ? gone : ok);
  };
  const open = () =>
    openEventStores(
      { orders } as Pick<ApiStores, 'orders'> as ApiStores,
      dir,
      { now: () => t0 },
      { send, autoStart: false },
    );
  const disabledEvents = async (runtime: EventRuntime): Promise<StoredEvent[]> =>
    (await runtime.deps.events?.list({ environment: 'sandbox', limit: 100, types: ['endpoint.disabled'] }))
      ?.events ?? [];
  const fileLines = (path: string) => readFileSync(path, 'utf8').trimEnd().split('\n').filter(Boolean);

  /** The endpoint that answers 410 and one that hears of it, and an order for the first to refuse. */
  async function refusedOrder(runtime: EventRuntime, n: number): Promise<void> {
    const order = orderAt(n, t0);
    await orders.create(order);
    runtime.deps.onEvent?.(orderCreatedEvent(order));
    await runtime.deliverer.runDue();
  }

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'estate-disable-'));
    orders = new MemoryOrderStore();
    sent.length = 0;
    const first = await open();
    await first.deps.webhooks?.save(endpointAt('http://127.0.0.1:9/gone', t0 - 2));
    const watcher: WebhookEndpoint = {
      ...endpointAt('http://127.0.0.1:9/watch', t0 - 1),
      id: 'we_watch',
      enabled_events: ['endpoint.disabled'],
    };
    await first.deps.webhooks?.save(watcher);
    await first.close();
  });
  afterEach(() => {
    cut.files.clear();
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it('between the save and the raise: the restart raises endpoint.disabled once, and delivers it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const killed = await open();
    cut.files.add('events.jsonl');
    await refusedOrder(killed, 1);
    expect(String(errors.mock.calls[0]?.[0])).toContain('events.jsonl cut by the test');
    // What the kill left: the endpoint disabled on disk, its event nowhere.
    const saved = fileLines(webhooksFile(dir)).map((l) => JSON.parse(l) as WebhookEndpoint);
    expect(saved.at(-1)).toMatchObject({ id: 'we_test1', status: 'disabled', disabled_reason: 'gone' });
    expect(fileLines(eventsFile(dir))).toEqual([]);
    await killed.close();
    cut.files.clear();

    const restarted = await open();
    const raised = await disabledEvents(restarted);
    expect(raised.map((e) => e.data.object)).toEqual([
      expect.objectContaining({ id: 'we_test1', status: 'disabled', disabled_reason: 'gone' }),
    ]);
    // Delivered to the endpoint that listens for it, after the restart.
    await restarted.deliverer.runDue();
    expect(sent.filter((s) => s.url.endsWith('/watch')).map((s) => s.eventId)).toEqual([raised[0]?.id]);
    // The id was the one saved with the endpoint, which the API's body (and the event's) never shows.
    const stored = (await restarted.deps.webhooks?.get('we_test1')) as StoredEndpoint;
    expect(stored.disabled_event?.id).toBe(raised[0]?.id);
    for (const body of [webhookBody(stored), raised[0]?.data.object])
      expect(Object.keys(body ?? {}).sort()).toEqual(publicFields);
    await restarted.close();

    // Started again: still one, with the same id (the events file holds it once).
    const again = await open();
    expect((await disabledEvents(again)).map((e) => e.id)).toEqual([raised[0]?.id]);
    await again.close();
    expect(fileLines(eventsFile(dir)).filter((l) => l.includes('endpoint.disabled'))).toHaveLength(1);
  });

  it('between the attempt and the save: the endpoint stays enabled, and its next refusal disables it once', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const killed = await open();
    cut.files.add('webhooks.jsonl');
    await refusedOrder(killed, 1);
    expect(String(errors.mock.calls[0]?.[0])).toContain('webhooks.jsonl cut by the test');
    await killed.close();
    cut.files.clear();

    const restarted = await open();
    expect(await restarted.deps.webhooks?.get('we_test1')).toMatchObject({ status: 'enabled' });
    expect(await disabledEvents(restarted)).toEqual([]);
    // The refused delivery is settled by its logged attempt: not sent again.
    await restarted.deliverer.runDue();
    expect(sent.filter((s) => s.url.endsWith('/gone'))).toHaveLength(1);
    await refusedOrder(restarted, 2);
    expect(await restarted.deps.webhooks?.get('we_test1')).toMatchObject({ status: 'disabled' });
    const raised = await disabledEvents(restarted);
    expect(raised).toHaveLength(1);
    expect(sent.filter((s) => s.url.endsWith('/watch')).map((s) => s.eventId)).toEqual([raised[0]?.id]);
    await restarted.close();
  });
});
