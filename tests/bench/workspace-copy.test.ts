// The benchmarks' workspace copies carry this tree's views: the orders benchmark's server reads
// what `npm start` reads, so POST /v1/orders (deprecated, from the views) is served there too.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { benchFiles, benchKey } from '../../bench/suites/orders.ts';
import { startServer, type RunningServer } from '../../server/server.ts';
import { writeWorkspace } from '../../simulator/writer.ts';
import { smallConfig, tempDir } from '../simulator/simulated.ts';
import type { ServerFiles } from '../../harness/fixture-workspace.ts';

const temp = tempDir();
let files: ServerFiles;
let body: string;
let server: RunningServer;
beforeAll(async () => {
  const source = join(temp.dir, 'estate.duckdb');
  await writeWorkspace({ ...smallConfig, days: 2, scale: 0.01 }, source);
  // the benchmark copies the workspace ESTATE_DATA names; later files in this worker must not see it
  vi.stubEnv('ESTATE_DATA', source);
  try {
    ({ files, body } = await benchFiles());
  } finally {
    vi.unstubAllEnvs();
  }
  server = await startServer({ port: 0, host: '127.0.0.1', console: false, api: files });
});
afterAll(async () => {
  await server.close();
  rmSync(files.dir, { recursive: true, force: true });
  temp.cleanup();
});

const create = (path: string) =>
  fetch(`http://127.0.0.1:${server.port}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${benchKey}`, 'content-type': 'application/json' },
    body,
  });

describe("the orders benchmark's server files", () => {
  it('let the benchmark key create an order', async () => {
    expect((await create('/v2/orders')).status).toBe(201);
  });

  it('hold the views, so the deprecated POST /v1/orders is served with its headers', async () => {
    const response = await create('/v1/orders');
    expect(response.status).toBe(201);
    expect(response.headers.get('deprecation')).toMatch(/^@\d+$/);
  });
});
