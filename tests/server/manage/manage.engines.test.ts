// The management API on Postgres: the contract's case table gives the same answers as on the
// embedded stores; two servers on one Postgres (separate folders and keys files) see each other's
// changes within a second; the trail verifies there too.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ManageDeps } from '../../../src/manage/deps.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDatabase } from '../../../server/stores/postgres/database.ts';
import { PostgresManageStore } from '../../../server/stores/postgres/manage-store.ts';
import { enginesAvailable, useEngines } from '../../helpers/engines.ts';
import { until } from '../../helpers/poll.ts';
import { contractCases } from '../../manage/contract-cases.ts';
import {
  depsOver,
  fixtureSeed,
  freshStore,
  managementKey,
  previewAndApply,
  sha,
  type Answer,
} from '../../manage/fixture.ts';
import { killServer, spawnServer, type SpawnedServer } from '../../../harness/spawn-server.ts';
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
  async function postgresStore(): Promise<{ store: PostgresManageStore; url: string; db: PostgresDatabase }> {
    const url = await engines.postgres().createDatabase();
    const db = new PostgresDatabase(url);
    databases.push(db);
    return { store: await PostgresManageStore.open(db, fixtureSeed(), sha), url, db };
  }

  it.each(contractCases)('$name: the same answer as on the journal', async (testCase) => {
    const embedded = depsOver(freshStore('journal'));
    const { store, db } = await postgresStore();
    const onPostgres = depsOver(store);
    const expected = shape(await testCase.run(embedded, await managementKey(embedded)));
    expect(shape(await testCase.run(onPostgres, await managementKey(onPostgres)))).toEqual(expected);
    // Each case's connections go with it (the test Postgres allows 60).
    await store.close();
    await db.close();
  });

  it('keys:import brings an issued-keys file into Postgres: the same keys, the chain verifies there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'manage-import-'));
    const file = join(dir, 'issued-keys.jsonl');
    // A line from before the trail (an older keys:revoke), then changes with their entries.
    appendFileSync(
      file,
      `${JSON.stringify({ event: 'revoked', key_id: 'key_sbx', key_hash_sha256: sha('sk_test_FixtureFixtureFixture02'), revoked_at: '2026-11-01T00:00:00.000Z' })}\n`,
    );
    const embedded = depsOver(freshStore('journal', file));
    const token = await managementKey(embedded);
    await previewAndApply(embedded, 'POST', '/keys', { name: 'imported' }, { token });
    await previewAndApply(embedded, 'PATCH', '/keys/key_prod', { rpm_budget: 7 }, { token });
    const { store, url } = await postgresStore();
    await store.close();
    const env = { ...process.env, DATABASE_URL: url, ESTATE_ISSUED_KEYS: file };
    const imported = spawnSync(process.execPath, ['scripts/manage/import-keys.ts'], {
      env,
      encoding: 'utf8',
    });
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toMatch(/^Imported 4 lines/);
    const db = new PostgresDatabase(url);
    databases.push(db);
    const onPostgres = await PostgresManageStore.open(db, fixtureSeed(), sha);
    const keys = (deps: ManageDeps) => [...deps.store.current().state.keys.values()];
    expect(keys(depsOver(onPostgres))).toEqual(keys(embedded));
    expect(
      spawnSync(process.execPath, ['scripts/manage/verify.ts'], { env, encoding: 'utf8' }).stdout,
    ).toMatch(/3 audit entries, chain verified/);
    const again = spawnSync(process.execPath, ['scripts/manage/import-keys.ts'], { env, encoding: 'utf8' });
    expect(again.status).toBe(2);
    await onPostgres.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a store opened after twelve changes folds all of them, in seq order (not 1, 10, 11, 12, 2, …)', async () => {
    const { store, url } = await postgresStore();
    const writer = depsOver(store);
    const token = await managementKey(writer);
    for (let i = 0; i < 11; i++) await previewAndApply(writer, 'POST', '/keys', { name: `k${i}` }, { token });
    const db = new PostgresDatabase(url);
    databases.push(db);
    const later = await PostgresManageStore.open(db, fixtureSeed(), sha);
    const names = (s: PostgresManageStore) => [...s.current().state.keys.values()].map((k) => k.name);
    expect(names(later)).toEqual(names(store));
    expect(names(later)).toContain('k0');
    await Promise.all([store.close(), later.close()]);
  });

  it("a store hears another's change at once (NOTIFY), not at its next poll", async () => {
    const { store, url } = await postgresStore();
    const db = new PostgresDatabase(url);
    databases.push(db);
    // This one would poll only every ten minutes.
    const other = await PostgresManageStore.open(db, fixtureSeed(), sha, 600_000);
    const writer = depsOver(store);
    const token = await managementKey(writer);
    await previewAndApply(writer, 'POST', '/keys', { name: 'heard' }, { token });
    const heard = () => [...other.current().state.keys.values()].some((k) => k.name === 'heard');
    await until('the other store to hear the new key', () => heard(), { timeoutMs: 1000 });
    await Promise.all([store.close(), other.close()]);
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
