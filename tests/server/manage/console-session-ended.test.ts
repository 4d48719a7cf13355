// A console page whose session has ended (signed out here) and that calls the management API with
// its old cookie is told so, and where to sign in again, not asked for a management key; a caller
// with no cookie still is.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInPath, signOutPath } from '../../../server/console-gate.ts';
import { startServer, type RunningServer } from '../../../server/server.ts';
import type { ServerFiles } from '../../../harness/fixture-workspace.ts';
import { manageWorkspace } from './helpers.ts';

const token = 'console-token-Zq7x';
const ownPage = { 'sec-fetch-site': 'same-origin' };
let files: ServerFiles;
let server: RunningServer;
let base = '';

beforeAll(async () => {
  files = await manageWorkspace();
  server = await startServer({ port: 0, host: '127.0.0.1', console: false, api: files, consoleToken: token });
  base = `http://127.0.0.1:${server.port}`;
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(files.dir, { recursive: true, force: true });
});

const keys = (headers: Record<string, string>) => fetch(`${base}/manage/v1/keys`, { headers });

describe('a console session that has ended', () => {
  it('is told to sign in again, with the same 401 type', async () => {
    const signedIn = await fetch(`${base}${signInPath}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...ownPage, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    });
    const cookie = signedIn.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect((await keys({ ...ownPage, cookie })).status).toBe(200);
    await fetch(`${base}${signOutPath}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...ownPage, cookie },
    });

    const res = await keys({ ...ownPage, cookie });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      code: 'unauthenticated',
      detail: `Your console session has ended; sign in again at ${signInPath}`,
    });
  });

  it('leaves a caller without a cookie asked for a management key', async () => {
    const res = await keys(ownPage);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ detail: 'Send "Authorization: Bearer <management key>"' });
  });
});
