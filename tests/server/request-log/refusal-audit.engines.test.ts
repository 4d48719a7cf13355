// A refusal a management change caused names its audit entry in the request log, on both log
// engines: the embedded files and Postgres. A key is issued and called through the production
// server, then revoked (or rolled with no overlap) through the management API; the 401 that follows
// is read back from the log the server wrote, with the entry's id in its problem.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RequestLogReader } from '../../../src/api/request-log.ts';
import { FileRequestLog } from '../../../server/request-log/file-log.ts';
import { PostgresDatabase } from '../../../server/stores/postgres/database.ts';
import { PostgresManageStore } from '../../../server/stores/postgres/manage-store.ts';
import { PostgresRequestLog } from '../../../server/stores/postgres/request-log.ts';
import { killServer, spawnServer, type SpawnedServer } from '../../../harness/spawn-server.ts';
import { enginesAvailable, useEngines } from '../../helpers/engines.ts';
import { until } from '../../helpers/poll.ts';
import { depsOver, fixtureSeed, managementKey, sha } from '../../manage/fixture.ts';
import { change, manageWorkspace, writeManagementKey } from '../manage/helpers.ts';

/** The changes that refuse a key from now on. */
const refusingChanges = [
  ['a revoke', 'revoke', {}],
  ['a roll with no overlap', 'roll', { overlap: 'now' }],
] as const;

/** Issues a key, calls with it, refuses it by `how`; the refusal's request id and the entry's id. */
async function refuse(
  server: SpawnedServer,
  token: string,
  how: 'revoke' | 'roll',
  body: Record<string, unknown>,
): Promise<{ requestId: string; entryId: string }> {
  const issued = await change(server.baseUrl, 'POST', '/keys', token, { name: `refused by ${how}` });
  expect(issued.status).toBe(201);
  const keyId = (issued.body.after as { key_id: string }).key_id;
  const call = () =>
    fetch(`${server.baseUrl}/v2/orders`, {
      headers: { authorization: `Bearer ${String(issued.body.secret)}` },
    });
  expect((await call()).status).toBe(200);
  const changed = await change(server.baseUrl, 'POST', `/keys/${keyId}/${how}`, token, body);
  expect(changed.status).toBe(200);
  let requestId = '';
  await until(
    'the key is refused',
    async () => {
      const answer = await call();
      requestId = answer.headers.get('request-id') ?? '';
      return answer.status === 401;
    },
    { timeoutMs: 2000 },
  );
  return { requestId, entryId: String(changed.body.audit_entry_id) };
}

/** The logged problem of a request, once the log has it. */
async function loggedProblem(log: RequestLogReader, requestId: string): Promise<unknown> {
  let problem: unknown;
  await until('the log has the refusal', async () => {
    problem = (await log.find(requestId))?.problem;
    return problem !== undefined;
  });
  return problem;
}

describe('on the embedded log', () => {
  it.each(refusingChanges)(
    '%s: the logged 401 names its audit entry',
    async (_, how, body) => {
      const files = await manageWorkspace();
      const token = await writeManagementKey(files.issuedKeysFile);
      const server = await spawnServer(files);
      let refused: { requestId: string; entryId: string };
      try {
        refused = await refuse(server, token, how, body);
      } finally {
        await killServer(server);
      }
      const log = await FileRequestLog.open({ dir: join(files.dir, 'requests'), maxBytes: 1 << 20 });
      try {
        expect(await loggedProblem(log, refused.requestId)).toMatchObject({
          code: 'invalid_token',
          audit_entry_id: refused.entryId,
        });
      } finally {
        await log.close();
        rmSync(files.dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

describe.runIf(enginesAvailable())('on the Postgres log', () => {
  const engines = useEngines();
  const databases: PostgresDatabase[] = [];
  afterAll(async () => {
    await Promise.all(databases.map((db) => db.close()));
  });

  it.each(refusingChanges)(
    '%s: the logged 401 names its audit entry',
    async (_, how, body) => {
      const url = await engines.postgres().createDatabase();
      const db = new PostgresDatabase(url);
      databases.push(db);
      const store = await PostgresManageStore.open(db, fixtureSeed(), sha);
      const token = await managementKey(depsOver(store, () => Date.now()));
      await store.close();
      const files = await manageWorkspace();
      const server = await spawnServer(files, { env: { DATABASE_URL: url } });
      try {
        const refused = await refuse(server, token, how, body);
        expect(await loggedProblem(new PostgresRequestLog(db, 1 << 20), refused.requestId)).toMatchObject({
          code: 'invalid_token',
          audit_entry_id: refused.entryId,
        });
      } finally {
        await killServer(server);
        rmSync(files.dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
