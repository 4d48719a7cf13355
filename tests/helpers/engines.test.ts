// The engine harness itself: throwaway Postgres and Redis that tests can stop and start again.
import { connect } from 'node:net';
import pg from 'pg';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { enginesAvailable, useEngines } from './engines.ts';
import { startPostgres } from '../../scripts/engines/postgres.ts';

describe.skipIf(!enginesAvailable())('the engine harness', () => {
  const engines = useEngines();

  function connectTo(port: number): Promise<void> {
    return new Promise((done, fail) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        done();
      });
      socket.once('error', fail);
    });
  }

  async function query(url: string, sql: string): Promise<unknown[]> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    await client.connect();
    try {
      return (await client.query<Record<string, unknown>>(sql)).rows;
    } finally {
      await client.end();
    }
  }

  it('Postgres keeps its data across a crash and a restart, and refuses connections while down', async () => {
    const { url } = engines.postgres();
    await query(url, 'create table kept (n integer); insert into kept values (7)');
    await engines.postgres().stop('immediate');
    await expect(query(url, 'select 1')).rejects.toThrow(/ECONNREFUSED/);
    await engines.postgres().start();
    expect(await query(url, 'select n from kept')).toEqual([{ n: 7 }]);
  });

  it('each Postgres is a cluster of its own: one copied from the same initdb sees none of the first’s tables', async () => {
    await query(engines.postgres().url, 'create table mine (n integer)');
    const other = await startPostgres();
    try {
      const tables = "select table_name from information_schema.tables where table_schema = 'public'";
      expect(await query(other.url, tables)).toEqual([]);
      expect(await query(engines.postgres().url, tables)).toContainEqual({ table_name: 'mine' });
    } finally {
      await other.destroy();
    }
  });

  it('Redis starts again empty on the same port, and refuses connections while down', async () => {
    const redis = new Redis(engines.redis().url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    await redis.connect();
    await redis.set('kept', '1');
    redis.disconnect();
    await engines.redis().stop('SIGKILL');
    await expect(connectTo(engines.redis().port)).rejects.toThrow(/ECONNREFUSED/);
    await engines.redis().start();
    const again = new Redis(engines.redis().url, { lazyConnect: true });
    await again.connect();
    expect(await again.get('kept')).toBeNull();
    again.disconnect();
  });
});
