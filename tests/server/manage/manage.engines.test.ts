// The management API on Postgres: the contract's case table gives the same answers as on the
// embedded stores; two servers on one Postgres (separate folders and keys files) see each other's
// changes within a second; the trail verifies there too.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDatabase } from '../../../server/stores/postgres/database.ts';
import { PostgresManageStore } from '../../../server/stores/postgres/manage-store.ts';
import { enginesAvailable, useEngines } from '../../helpers/engines.ts';
import { until } from '../../helpers/poll.ts';
import { contractCases } from '../../manage/contract-cases.ts';
import { depsOver, fixtureSeed, freshStore, managementKey, sha, type Answer } from '../../manage/fixture.ts';
import { killServer, spawnServer, type SpawnedServer } from '../spawn.ts';
import { change, manageWorkspace } from './helpers.ts';

const shape = (answer: Answer) => ({
  status: answer.status,
  code: answer.body.code,
  fields: ((answer.body.errors as { pointer: string; parameter?: string }[] | undefined) ?? [])
    .map((e) => e.parameter ?? e.pointer)
    .sort(),
});

describe.runIf(enginesAvailable())('the management API on Postgres', () => {
  const engines = useEngines();
  const databases: PostgresDatabase[] = [];
  afterAll(async () => {
    await Promise.all(databases.map((db) => db.close()));
  });

  /** A Postgres management store on a new, empty database. */
  async function postgresStore(): Promise<{ store: PostgresManageStore; url: string }> {
    const url = await engines.postgres().createDatabase();
    const db = new PostgresDatabase(url);
    databases.push(db);
    return { store: await PostgresManageStore.open(db, fixtureSeed(), sha), url };
  }

  it.each(contractCases)('$name: the same answer as on the journal', async (testCase) => {
    const embedded = depsOver(freshStore('journal'));
    const { store } = await postgresStore();
    const onPostgres = depsOver(store);
    const expected = shape(await testCase.run(embedded, await managementKey(embedded)));
    expect(shape(await testCase.run(onPostgres, await managementKey(onPostgres)))).toEqual(expected);
    await store.close();
  });

  describe('two servers, one Postgres, separate folders and keys files', () => {
    const servers: SpawnedServer[] = [];
    const dirs: string[] = [];
    let token = '';
    beforeAll(async () => {
      const { store, url } = await postgresStore();
      token = await managementKey(depsOver(store, () => Date.now()));
      await store.close();
      for (let i = 0; i < 2; i++) {
        const files = await manageWorkspace();
        dirs.push(files.dir);
        servers.push(
          await spawnServer(files, { env: { DATABASE_URL: url, ESTATE_MANAGE_SECRET: 'shared secret' } }),
        );
      }
    }, 120_000);
    afterAll(async () => {
      await Promise.all(servers.map((s) => killServer(s)));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    it('a key issued through A works on B within a second; revoked through A, B refuses it within a second', async () => {
      const [a, b] = servers as [SpawnedServer, SpawnedServer];
      const issued = await change(a.baseUrl, 'POST', '/keys', token, { name: 'shared' });
      expect(issued.status).toBe(201);
      const onB = () =>
        fetch(`${b.baseUrl}/v2/orders`, {
          headers: { authorization: `Bearer ${String(issued.body.secret)}` },
        });
      await until('B accepts the key', async () => (await onB()).status === 200, { timeoutMs: 1000 });
      const keyId = (issued.body.after as { key_id: string }).key_id;
      expect((await change(a.baseUrl, 'POST', `/keys/${keyId}/revoke`, token)).status).toBe(200);
      await until('B refuses the key', async () => (await onB()).status === 401, { timeoutMs: 1000 });
    });
  });
});
