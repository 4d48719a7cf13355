// A Postgres channel heard on a connection of its own: each NOTIFY's payload reaches the listener;
// after its backend is killed it connects again and says so (an empty payload: read what you
// missed); close() leaves no connection, also when it comes while the listener is connecting.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PostgresListener } from '../../../../server/stores/postgres/listener.ts';
import { enginesAvailable, useEngines } from '../../../helpers/engines.ts';
import { until } from '../../../helpers/poll.ts';

/** Runs `sql` on a connection of its own. */
async function run<Row extends pg.QueryResultRow>(url: string, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

const listening = async (url: string) =>
  (
    await run<{ n: number }>(
      url,
      "select count(*)::int as n from pg_stat_activity where application_name = 'estate-orders-api-listen'",
    )
  )[0]?.n;

describe.runIf(enginesAvailable())('PostgresListener', () => {
  const engines = useEngines();

  it('hears each payload, says so after it reconnects, and leaves no connection once closed', async () => {
    const url = await engines.postgres().createDatabase();
    const heard: string[] = [];
    const listener = new PostgresListener(url, 'estate_test', (payload) => heard.push(payload));
    await listener.start();
    await run(url, "select pg_notify('estate_test', '7')");
    await until('the first payload', () => heard.includes('7'));
    await run(
      url,
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'estate-orders-api-listen'",
    );
    await until('the listener to say it reconnected', () => heard.includes(''), { timeoutMs: 5000 });
    await run(url, "select pg_notify('estate_test', '8')");
    await until('a payload after the reconnect', () => heard.includes('8'));
    await listener.close();
    await until('no listening connection', async () => (await listening(url)) === 0);
  });

  it('closed while connecting, its start resolves and nothing stays connected', async () => {
    const url = await engines.postgres().createDatabase();
    for (const delayMs of [0, 1, 5, 20]) {
      const listener = new PostgresListener(url, 'estate_test', () => undefined);
      const started = listener.start();
      await new Promise((done) => setTimeout(done, delayMs));
      await listener.close();
      await expect(
        Promise.race([
          started.then(() => 'resolved'),
          new Promise((done) => setTimeout(() => done('hung'), 3000)),
        ]),
      ).resolves.toBe('resolved');
    }
    await until('no listening connection', async () => (await listening(url)) === 0);
  });
});
