// A disk that refuses the journal (EPERM on every write and every cut, as when the files are made
// immutable under the server) takes creates out, not the server: they are answered 503 with
// Retry-After, /readyz says not ready, the fault is logged once per lane, and once the disk works
// again creates succeed without a restart.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../server/server.ts';
import { post, validOrder } from '../api/orders/contract-cases.ts';
import { fixtureWorld } from '../../harness/fixture-world.ts';
import { assertMatchesOpenApi } from '../api/orders/openapi-check.ts';
import { fetchAnswer } from '../api/orders/runners.ts';
import { disk, healDisk } from './faulty-fs.ts';
import { writeFixtureWorkspace, type ServerFiles } from '../../harness/fixture-workspace.ts';
import { rmSync } from 'node:fs';

vi.mock('node:fs', async (original) => (await import('./faulty-fs.ts')).faultyFs(await original()));

let files: ServerFiles;
let server: RunningServer;
let baseUrl = '';
const logged: string[] = [];

beforeAll(async () => {
  files = await writeFixtureWorkspace(fixtureWorld);
  vi.spyOn(console, 'error').mockImplementation((line: string) => void logged.push(line));
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    console: false,
    api: { ...files, journalProbeMs: 50 },
  });
  baseUrl = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  healDisk();
  await server.close();
  vi.restoreAllMocks();
  rmSync(files.dir, { recursive: true, force: true });
});

const create = () => fetchAnswer(`${baseUrl}/v2/orders`, post('fuzz', validOrder));
const ready = () => fetchAnswer(`${baseUrl}/readyz`, { method: 'GET', path: '/readyz' });

describe('a journal the disk refuses', () => {
  it('answers creates 503 with Retry-After, is not ready, logs once, and recovers without a restart', async () => {
    expect((await create()).status).toBe(201);
    disk.blocked = true;
    // Each lane takes a refused batch it cannot cut off, then leaves service.
    for (let n = 0; n < 3; n++) {
      const refused = await create();
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.body).toMatchObject({ code: 'service_unavailable' });
      await assertMatchesOpenApi(post('fuzz', validOrder), refused);
    }
    const notReady = await ready();
    expect(notReady.status).toBe(503);
    expect(notReady.body).toEqual({
      status: 'fail',
      checks: { journal: [{ status: 'fail', output: '0 of 2 lanes in service' }] },
    });
    expect(logged.filter((line) => /out of service: EPERM/.test(line))).toHaveLength(2);
    expect(logged).toHaveLength(2);

    healDisk();
    await vi.waitFor(async () => expect((await ready()).status).toBe(200), { timeout: 5_000, interval: 50 });
    expect((await create()).status).toBe(201);
    expect(logged.filter((line) => /back in service/.test(line)).length).toBeGreaterThanOrEqual(1);
  });
});
