// The whole contract case table on the production server with orders in Postgres and limits, quotas
// and idempotency claims in Redis: every step meets its expectation and the invariants (no 5xx, a
// Request-Id on every answer and in every problem), and every answer equals the embedded server's.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCases } from './contract-cases.ts';
import type { Runner } from './contract-types.ts';
import { runEverywhere } from './run-cases.ts';
import { serverRunner } from './runners.ts';
import { enginesAvailable, useEngines } from '../../helpers/engines.ts';

describe.skipIf(!enginesAvailable())('the contract on Postgres and Redis, as on the embedded stores', () => {
  const engines = useEngines();
  let redisDb = 0;
  // One pair of fresh servers per purpose, as each purpose's own test file has fresh runners.
  describe.each(Object.entries(contractCases))('%s', (_purpose, cases) => {
    let runners: Runner[] = [];
    let databaseUrl = '';
    beforeAll(async () => {
      databaseUrl = await engines.postgres().createDatabase();
      const onEngines = {
        databaseUrl,
        redisUrl: `${engines.redis().url}/${++redisDb}`,
      };
      runners = [await serverRunner(), await serverRunner(undefined, undefined, onEngines)];
    });
    afterAll(async () => {
      await Promise.all(runners.map((r) => r.close()));
    });
    it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, contractCase) => {
      await runEverywhere(runners, contractCase);
    });
    it('kept as many orders in Postgres as the embedded server in its journal', async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        // The schema is migrated on the first statement: cases that never reach the store leave none.
        const migrated =
          (await client.query<{ t: string | null }>("select to_regclass('orders') as t")).rows[0]?.t !== null;
        const { rows } = migrated
          ? await client.query<{ n: number }>('select count(*)::int as n from orders')
          : { rows: [{ n: 0 }] };
        expect(rows[0]?.n).toBe(await (await runners[0]!.store()).count());
      } finally {
        await client.end();
      }
    });
  });
});
