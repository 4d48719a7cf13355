// Durability of the /v2 fast path: an order is fsynced before its 201, so a `kill -9` under load
// loses none of the acknowledged orders; a restart replays orders and idempotency records.
import { appendFileSync, readFileSync, rmSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { journalFile, journalFiles } from '../../server/journal-read.ts';
import { journalLanes } from '../../server/order-journal.ts';
import { post, validOrder } from '../api/orders/contract-cases.ts';
import { fixtureKeys, fixtureWorld } from '../../harness/fixture-world.ts';
import { fetchAnswer } from '../api/orders/runners.ts';
import { writeFixtureWorkspace, type ServerFiles } from '../../harness/fixture-workspace.ts';
import { killServer, spawnServer, type SpawnedServer } from '../../harness/spawn-server.ts';
import { startLoad } from './load.ts';

const auth = { authorization: `Bearer ${fixtureKeys.fuzz}` };
let running: SpawnedServer | undefined;
const folders: string[] = [];
afterEach(async () => {
  if (running) await killServer(running, 'SIGKILL');
  running = undefined;
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function workspaceFiles(): Promise<ServerFiles> {
  const files = await writeFixtureWorkspace(fixtureWorld);
  folders.push(files.dir);
  return files;
}

describe('durable orders on the production server', () => {
  it('kill -9 under load loses none of the 201-acknowledged orders', async () => {
    const files = await workspaceFiles();
    running = await spawnServer(files);
    const { baseUrl } = running;
    const traffic = startLoad(() => fetchAnswer(`${baseUrl}/v2/orders`, post('fuzz', validOrder)), 32, {
      endOnFailure: true,
    });
    await traffic.progress('400 acknowledged orders', 400);
    await killServer(running, 'SIGKILL');
    await traffic.stop();
    const acknowledged = [...traffic.acknowledged];
    expect(acknowledged.length).toBeGreaterThanOrEqual(400);

    running = await spawnServer(files);
    const missing: string[] = [];
    for (const id of acknowledged) {
      const res = await fetchAnswer(`${running.baseUrl}/v2/orders/${id}`, {
        method: 'GET',
        path: '',
        headers: auth,
      });
      if (res.status !== 200) missing.push(id);
    }
    expect(missing).toEqual([]);
  });

  it('replays idempotency records after a restart, and skips a torn last line', async () => {
    const files = await workspaceFiles();
    running = await spawnServer(files);
    const request = post('fuzz', validOrder, { 'idempotency-key': 'restart-1' });
    const first = await fetchAnswer(running.baseUrl + '/v2/orders', request);
    expect(first.status).toBe(201);
    await killServer(running, 'SIGKILL');
    // Tear every lane, so whichever lane takes the next batch must have been repaired first.
    for (let lane = 0; lane < journalLanes; lane++)
      appendFileSync(journalFile(files.ordersDir, lane), '{"id":"ord_torn","customer":"cus_a');

    running = await spawnServer(files);
    const replay = await fetchAnswer(running.baseUrl + '/v2/orders', request);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    const other = await fetchAnswer(
      running.baseUrl + '/v2/orders',
      post('fuzz', { ...validOrder, customer: 'cus_globex' }, { 'idempotency-key': 'restart-1' }),
    );
    expect(other.status).toBe(422);

    const next = await fetchAnswer(running.baseUrl + '/v2/orders', post('fuzz', validOrder));
    await killServer(running, 'SIGKILL');
    running = await spawnServer(files);
    const id = (next.body as { id: string }).id;
    expect(
      (await fetchAnswer(`${running.baseUrl}/v2/orders/${id}`, { method: 'GET', path: '', headers: auth }))
        .status,
    ).toBe(200);
    for (let lane = 0; lane < journalLanes; lane++)
      expect(readFileSync(journalFile(files.ordersDir, lane), 'utf8')).not.toContain('ord_torn');
  });

  it('analysts can read the journal with DuckDB read_json while the server runs', async () => {
    const files = await workspaceFiles();
    running = await spawnServer(files);
    for (let i = 0; i < 3; i++)
      expect((await fetchAnswer(running.baseUrl + '/v2/orders', post('fuzz', validOrder))).status).toBe(201);
    const instance = await DuckDBInstance.create(':memory:');
    const db = await instance.connect();
    try {
      const reader = await db.runAndReadAll(
        `select count(*)::INTEGER as orders, sum(len(lines))::INTEGER as lines,
                count(request_sha256)::INTEGER as fingerprints
         from read_json($file, format = 'newline_delimited', ignore_errors = true)`,
        { file: join(files.ordersDir, '*.ndjson') },
      );
      // No Idempotency-Key was sent, so no body fingerprint was kept.
      expect(reader.getRowObjectsJson()).toEqual([{ orders: 3, lines: 3, fingerprints: 0 }]);
    } finally {
      db.closeSync();
      instance.closeSync();
    }
    for (const file of journalFiles(files.ordersDir))
      expect(readFileSync(file, 'utf8')).not.toContain(fixtureKeys.fuzz);
  });
});
