// `npm run dev` serves the API through the production server's listener (server/dev-api.ts):
// the contract answers /v2 and its other spellings, health answers /readyz, Vite the rest, and
// orders land in the one journal of the process.
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJournal } from '../../server/journal-read.ts';
import { post, validOrder } from '../api/orders/contract-cases.ts';
import { fixtureWorld } from '../../harness/fixture-world.ts';
import { fetchAnswer } from '../api/orders/runners.ts';
import { writeFixtureWorkspace, type ServerFiles } from '../../harness/fixture-workspace.ts';
import { killServer, spawnListening } from '../../harness/spawn-server.ts';

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

let files: ServerFiles;
let dev: { url: string; child: ChildProcess };
const output: string[] = [];

beforeAll(async () => {
  files = await writeFixtureWorkspace(fixtureWorld);
  const port = await freePort();
  dev = await spawnListening(
    ['node_modules/astro/bin/astro.mjs', 'dev', '--port', String(port), '--host', '127.0.0.1'],
    {
      NO_COLOR: '1',
      ESTATE_DATA: files.dataFile,
      ESTATE_ORDERS_DIR: files.ordersDir,
      ESTATE_ISSUED_KEYS: files.issuedKeysFile,
    },
    /Local\s+(http:\/\/[^/\s]+)\//,
    { output },
  );
}, 120_000);
afterAll(async () => {
  if (dev) await killServer(dev);
  rmSync(files.dir, { recursive: true, force: true });
});

describe('astro dev', () => {
  it('answers /v2/openapi.json from the contract, not the static page', async () => {
    const response = await fetch(`${dev.url}/v2/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-served-by')).toBe('estate-orders-api');
  });

  it('creates an order into the process’s one journal', async () => {
    const response = await fetchAnswer(`${dev.url}/v2/orders`, post('sandbox', validOrder));
    expect(response.status).toBe(201);
    const id = (response.body as { id: string }).id;
    expect(readJournal(files.ordersDir).map((order) => order.id)).toContain(id);
  });

  it('answers another spelling with the contract’s 404, not the console', async () => {
    const response = await fetchAnswer(`${dev.url}//v2/orders`, post('sandbox', validOrder));
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toBe('application/problem+json');
  });

  it('answers /readyz, and leaves the rest to Vite', async () => {
    expect((await fetch(`${dev.url}/readyz`)).status).toBe(200);
    const icon = await fetch(`${dev.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(output.filter((line) => /\[ERROR\]|^\s+at /.test(line))).toEqual([]);
  });
});
