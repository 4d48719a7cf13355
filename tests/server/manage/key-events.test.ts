// The management API raises key.revoked and key.rolled, as durable as the change: a change of this
// process raises its event before it answers; a change made elsewhere (the CLI) or just before a
// crash is raised by the sweep; a sweep never raises one twice. On the production server, an
// endpoint subscribed to them receives them, signed, over HTTP.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../src/api/orders/deps.ts';
import { OrderDerivedEvents } from '../../../src/api/orders/events/derived-events.ts';
import { MemoryOrderStore } from '../../../src/api/orders/memory-store.ts';
import { KeyEvents } from '../../../server/manage/key-events.ts';
import { startServer, type RunningServer } from '../../../server/server.ts';
import { fixtureKeys } from '../../../harness/fixture-world.ts';
import { startReceiver, type Receiver } from '../../../harness/webhook-receiver.ts';
import { until } from '../../helpers/poll.ts';
import { depsOver, freshStore, managementKey, previewAndApply } from '../../manage/fixture.ts';
import { change, manageWorkspace, send, writeManagementKey } from './helpers.ts';

/** Key events over a fresh journal, raising into memory. */
function keyEventsOverJournal() {
  const store = freshStore('journal');
  const events = new OrderDerivedEvents(new MemoryOrderStore());
  const told: StoredEvent[] = [];
  const keyEvents = new KeyEvents(store, { events, onEvent: (e) => told.push(e) });
  return { store, events, told, keyEvents, deps: depsOver(keyEvents.store) };
}

describe('key events from the management journal', () => {
  it('a revoke raises key.revoked before it answers, named after its audit entry', async () => {
    const { deps, told, events } = keyEventsOverJournal();
    const token = await managementKey(deps);
    const { applied } = await previewAndApply(deps, 'POST', '/keys/key_sbx/revoke', {}, { token });
    expect(applied.status).toBe(200);
    const entryId = String(applied.body.audit_entry_id);
    expect(told.map((e) => [e.id, e.type, e.environment])).toEqual([
      [`evt_${entryId.slice(4)}`, 'key.revoked', 'sandbox'],
    ]);
    expect(told[0]?.data.object).toMatchObject({ object: 'key', key_id: 'key_sbx', status: 'revoked' });
    expect(await events.get(told[0]?.id ?? '')).toEqual(told[0]);
  });

  it('a roll raises key.rolled naming the replacement', async () => {
    const { deps, told } = keyEventsOverJournal();
    const token = await managementKey(deps);
    const { applied } = await previewAndApply(deps, 'POST', '/keys/key_sbx/roll', {}, { token });
    expect(applied.status).toBe(200);
    expect(told.map((e) => e.type)).toEqual(['key.rolled']);
    const rolled = told[0]?.data.object as { key_id: string; replacement: { key_id: string } };
    expect(rolled.key_id).toBe('key_sbx');
    expect(rolled.replacement.key_id).toMatch(/^key_/);
  });

  it('a change made elsewhere, or before a crash, is raised by the sweep, once', async () => {
    const { store, told, keyEvents } = keyEventsOverJournal();
    // Straight on the journal: what the keys CLI, another worker or a process that died does.
    const elsewhere = depsOver(store);
    const token = await managementKey(elsewhere);
    await previewAndApply(elsewhere, 'POST', '/keys/key_sbx/revoke', {}, { token });
    expect(told).toEqual([]);
    await keyEvents.sweep();
    await keyEvents.sweep();
    expect(told.map((e) => e.type)).toEqual(['key.revoked']);
    // A restart reads the whole trail again and finds the event already raised.
    const restarted = new KeyEvents(store, {
      events: {
        raise: () => Promise.reject(new Error('raised twice')),
        get: (id) => told.find((e) => e.id === id),
        list: () => null,
      },
    });
    await restarted.sweep();
  });

  it('a refused change raises nothing', async () => {
    const { deps, told } = keyEventsOverJournal();
    const token = await managementKey(deps);
    await previewAndApply(deps, 'POST', '/keys/key_sbx/revoke', {}, { token });
    const again = await previewAndApply(deps, 'POST', '/keys/key_sbx/revoke', {}, { token });
    expect(again.applied.status).toBeGreaterThanOrEqual(400);
    expect(told).toHaveLength(1);
  });
});

describe('key events on the production server', () => {
  let server: RunningServer | undefined;
  let receiver: Receiver | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await server?.close();
    await receiver?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('an endpoint subscribed to key.rolled and key.revoked receives both', { timeout: 30_000 }, async () => {
    const files = await manageWorkspace();
    dir = files.dir;
    const token = await writeManagementKey(files.issuedKeysFile);
    server = await startServer({ port: 0, host: '127.0.0.1', console: false, api: files });
    const base = `http://127.0.0.1:${server.port}`;
    receiver = await startReceiver();
    const made = await send(`${base}/v2/webhooks`, 'POST', fixtureKeys.hooks, {
      url: receiver.url,
      enabled_events: ['key.rolled', 'key.revoked'],
    });
    expect(made.status).toBe(201);
    const rolled = await change(base, 'POST', '/keys/key_staging/roll', token);
    expect(rolled.status).toBe(200);
    const replacement = (rolled.body.after as { replacement: { key_id: string } }).replacement.key_id;
    expect((await change(base, 'POST', `/keys/${replacement}/revoke`, token)).status).toBe(200);
    await until('both deliveries', () => receiver?.received.length === 2);
    const bodies = (receiver.received ?? []).map((r) => JSON.parse(r.body) as StoredEvent);
    expect(bodies.map((b) => [b.type, b.data.object.key_id]).sort()).toEqual([
      ['key.revoked', replacement],
      ['key.rolled', 'key_staging'],
    ]);
  });
});
