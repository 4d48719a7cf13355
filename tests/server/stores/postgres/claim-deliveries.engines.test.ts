// claim_deliveries.sql: a claim locks only the deliveries it takes, so a worker claiming at the same
// time takes the others; and a delivery whose endpoint row is gone (its delete raced an order's
// insert) is still claimed, so the worker settles it instead of leaving it waiting for ever.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresDatabase } from '../../../../server/stores/postgres/database.ts';
import { postgresSql } from '../../../../server/stores/postgres/sql.ts';
import { enginesAvailable, useEngines } from '../../../helpers/engines.ts';

const t0 = Date.parse('2026-01-01T00:00:00Z');
const now = new Date(t0 + 86_400_000).toISOString();
const lease = new Date(t0 + 86_460_000).toISOString();
const claim = postgresSql('claim_deliveries');

describe.skipIf(!enginesAvailable())('claim_deliveries', { timeout: 60_000 }, () => {
  const engines = useEngines();
  const clients: pg.Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end()));
  });

  /** A migrated database with `endpoints` endpoints of `each` due deliveries, and two clients. */
  async function seeded(endpoints: number, each: number): Promise<[pg.Client, pg.Client]> {
    const url = await engines.postgres().createDatabase();
    const db = new PostgresDatabase(url);
    await db.query('ping', postgresSql('ping'), []);
    await db.close();
    const [a, b] = [new pg.Client(url), new pg.Client(url)];
    clients.push(a, b);
    await Promise.all([a.connect(), b.connect()]);
    for (let e = 0; e < endpoints; e++) {
      await a.query(
        `insert into webhook_endpoints values ($1, 'sandbox', 'enabled', '{*}', $2, null, '{}')`,
        [`we_${e}`, new Date(t0).toISOString()],
      );
      for (let i = 0; i < each; i++)
        await a.query('insert into webhook_deliveries (event_id, endpoint_id, due_at) values ($1, $2, $3)', [
          `evt_${e}_${i}`,
          `we_${e}`,
          new Date(t0 + e * 10 + i).toISOString(),
        ]);
    }
    return [a, b];
  }

  const claimed = async (client: pg.Client, limit: number) =>
    (await client.query<{ event_id: string }>(claim, [now, lease, limit, [], [], 32])).rows.map(
      (r) => r.event_id,
    );

  it('locks only what it takes: a claim at the same time takes the rest', async () => {
    const [a, b] = await seeded(10, 5);
    await a.query('begin');
    try {
      expect(await claimed(a, 1)).toEqual(['evt_0_0']);
      expect(await claimed(b, 64)).toHaveLength(49);
    } finally {
      await a.query('rollback');
    }
  });

  it('claims a delivery whose endpoint row is gone, oldest first as any other', async () => {
    const [a] = await seeded(1, 2);
    await a.query(
      `insert into webhook_deliveries (event_id, endpoint_id, due_at) values ('evt_orphan', 'we_gone', $1)`,
      [new Date(t0 - 1000).toISOString()],
    );
    expect(await claimed(a, 1)).toEqual(['evt_orphan']);
    expect((await claimed(a, 64)).sort()).toEqual(['evt_0_0', 'evt_0_1']);
  });
});
