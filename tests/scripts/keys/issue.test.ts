// `npm run keys:issue`: prints the key once, stores only its hash, and a running server accepts
// the new key on its first use, without a restart.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/server.ts';
import { sha256Hex } from '../../src/api/orders/auth.ts';
import { post, validOrder } from '../api/orders/contract-cases.ts';
import { fixtureWorld } from '../api/orders/fixture-world.ts';
import { fetchAnswer } from '../api/orders/runners.ts';
import { writeFixtureWorkspace, type ServerFiles } from './fixture-workspace.ts';

let files: ServerFiles;
let server: RunningServer;
beforeAll(async () => {
  files = await writeFixtureWorkspace(fixtureWorld);
  server = await startServer({ port: 0, host: '127.0.0.1', console: false, api: files });
});
afterAll(async () => {
  await server.close();
  rmSync(files.dir, { recursive: true, force: true });
});

function issue(args: string[]) {
  return spawnSync(process.execPath, ['scripts/issue-key.ts', ...args], {
    env: { ...process.env, ESTATE_DATA: files.dataFile, ESTATE_ISSUED_KEYS: files.issuedKeysFile },
    encoding: 'utf8',
  });
}

describe('keys:issue', () => {
  it('prints the key once and stores only its hash; the running server accepts it', async () => {
    const result = issue(['--env', 'staging', '--plan', 'Sandbox', '--name', 'test app']);
    expect(result.status).toBe(0);
    const key = result.stdout.trim();
    expect(key).toMatch(/^sk_stg_[A-Za-z0-9]{24}$/);
    const stored = readFileSync(files.issuedKeysFile, 'utf8');
    expect(stored).not.toContain(key);
    expect(JSON.parse(stored.trim())).toMatchObject({
      environment: 'staging',
      plan: 'Sandbox',
      rpm_budget: 60,
      key_hash_sha256: await sha256Hex(key),
      key_last4: key.slice(-4),
    });
    const response = await fetchAnswer(`http://127.0.0.1:${server.port}/v2/orders`, {
      ...post(null, validOrder),
      headers: { ...post(null, validOrder).headers, authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ livemode: false });
  });

  it('refuses an unknown environment or plan', () => {
    expect(issue(['--env', 'moon', '--name', 'x']).status).toBe(2);
    expect(issue(['--plan', 'Gold', '--name', 'x']).status).toBe(2);
  });
});
