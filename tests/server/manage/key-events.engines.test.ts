// Key events on Postgres: key.revoked is a row of `events` inserted with a delivery to each endpoint
// subscribed to it (one statement), and two workers sweeping the same trail raise it once; an
// endpoint made after the change gets no delivery of it.
import { afterEach, describe, expect, it } from 'vitest';
import { OrderDerivedEvents } from '../../../src/api/orders/events/derived-events.ts';
import { KeyEvents } from '../../../server/manage/key-events.ts';
import { PostgresDatabase } from '../../../server/stores/postgres/database.ts';
import { PostgresRaisedEvents, PostgresWebhookStore } from '../../../server/stores/postgres/event-stores.ts';
import { PostgresOrderStore } from '../../../server/stores/postgres/order-store.ts';
import { enginesAvailable, useEngines } from '../../helpers/engines.ts';
import { depsOver, freshStore, managementKey, previewAndApply } from '../../manage/fixture.ts';
import { endpointAt } from '../webhooks/fixture.ts';

describe.skipIf(!enginesAvailable())('key events on Postgres', () => {
  const engines = useEngines();
  const open: PostgresDatabase[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((db) => db.close()));
  });

  /** One worker's events over the database at `url`. */
  function worker(url: string) {
    const db = new PostgresDatabase(url);
    open.push(db);
    const events = new OrderDerivedEvents(new PostgresOrderStore(db), {
      raised: new PostgresRaisedEvents(db),
    });
    return { db, events, webhooks: new PostgresWebhookStore(db) };
  }

  it('a revoke is an event with its deliveries, raised once by two workers', async () => {
    const url = await engines.postgres().createDatabase();
    const [a, b] = [worker(url), worker(url)];
    const journal = freshStore('journal');
    const changeAt = Date.parse('2026-11-26T12:00:00Z');
    await a.webhooks.save({
      ...endpointAt('http://127.0.0.1:9/hooks', changeAt - 60_000),
      enabled_events: ['key.revoked'],
    });
    await a.webhooks.save({ ...endpointAt('http://127.0.0.1:9/late', changeAt + 60_000), id: 'we_late' });
    const deps = depsOver(journal);
    const token = await managementKey(deps);
    const { applied } = await previewAndApply(deps, 'POST', '/keys/key_sbx/revoke', {}, { token });
    expect(applied.status).toBe(200);

    await Promise.all([new KeyEvents(journal, a).sweep(), new KeyEvents(journal, b).sweep()]);
    const rows = await a.db.query<{ type: string; n: number }>(
      'raised',
      'select type, count(*)::int as n from events group by type',
      [],
    );
    expect(rows).toEqual([{ type: 'key.revoked', n: 1 }]);
    const deliveries = await a.db.query<{ endpoint_id: string }>(
      'deliveries',
      'select endpoint_id from webhook_deliveries',
      [],
    );
    expect(deliveries).toEqual([{ endpoint_id: 'we_test1' }]);
    const id = `evt_${String(applied.body.audit_entry_id).slice(4)}`;
    expect(await b.events.get(id)).toMatchObject({
      type: 'key.revoked',
      data: { object: { key_id: 'key_sbx' } },
    });
  });
});
