// CONSOLE_TOKEN: with a token every console page, fragment and the log need it (a sign-in form that
// sets an HttpOnly SameSite cookie, or a bearer header); nothing the gate sends contains the token;
// the API and health are not behind it; unset, the console stays open.
import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleGate, sessionCookie, signInPath } from '../../server/console-gate.ts';
import { consoleBodyMaxBytes } from '../../server/console/body.ts';
import { startServer, type RunningServer } from '../../server/server.ts';
import { fixtureWorld } from '../../harness/fixture-world.ts';
import { writeFixtureWorkspace, type ServerFiles } from '../../harness/fixture-workspace.ts';

const token = 'console-token-Zq7x';
const html = { accept: 'text/html,application/xhtml+xml' };
let servers: Server[] = [];
const seen: string[] = [];

/** A server whose console answers "console: <path>", behind a gate with `secret`. */
async function gated(secret: string | undefined): Promise<string> {
  const gate = consoleGate((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`console: ${req.url}`);
  }, secret);
  const server = createServer((req, res) => void gate(req, res));
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Fetches without following redirects, and keeps every header and body for the leak check. */
async function call(url: string, init: RequestInit = {}) {
  const res = await fetch(url, { redirect: 'manual', ...init });
  const body = await res.text();
  seen.push(body, JSON.stringify([...res.headers]));
  return { status: res.status, headers: res.headers, body };
}

function signIn(base: string, secret: string, next = '/app/api/keys') {
  return call(`${base}${signInPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: secret, next }).toString(),
  });
}

let base = '';
beforeAll(async () => {
  base = await gated(token);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  servers = [];
});

describe('the console gate', () => {
  it('leaves the console open when no token is set', async () => {
    const open = await gated(undefined);
    expect((await call(`${open}/app/api`, { headers: html })).body).toBe('console: /app/api');
  });

  it('answers the open console only at localhost, an IP address or a listed host (DNS rebinding)', async () => {
    const open = await gated(undefined);
    const port = new URL(open).port;
    const at = (host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path: '/app/api', headers: { host, accept: 'text/html' } },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`])
      expect((await at(host)).status, host).toBe(200);
    const rebound = await at(`evil.example:${port}`);
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('"code":"untrusted_host"');
  });

  it('sends a browser to the sign-in form, keeping where it was going', async () => {
    const res = await call(`${base}/app/api/logs?status=500`, { headers: html });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      `${signInPath}?next=${encodeURIComponent('/app/api/logs?status=500')}`,
    );
    const form = await call(`${base}${res.headers.get('location')}`, { headers: html });
    expect(form.status).toBe(200);
    expect(form.body).toContain('name="next" value="/app/api/logs?status=500"');
  });

  it('answers anything else 401 problem+json with a Bearer challenge', async () => {
    const res = await call(`${base}/_server-islands/LiveCalls`);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="console"');
    expect(JSON.parse(res.body)).toMatchObject({
      status: 401,
      detail: expect.stringContaining('CONSOLE_TOKEN') as unknown,
    });
  });

  it.each([
    ['the token', `Bearer ${token}`, 200],
    ['another token', `Bearer ${token}x`, 401],
    ['a prefix of it', `Bearer ${token.slice(0, 5)}`, 401],
  ])('takes a bearer header with %s (%s): %i', async (_name, authorization, status) => {
    expect((await call(`${base}/app/api`, { headers: { authorization } })).status).toBe(status);
  });

  it('refuses a wrong token on the form, and says so', async () => {
    const res = await signIn(base, 'guess');
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.body).toContain('role="alert"');
  });

  it('signs in with an HttpOnly SameSite cookie that is not the token, then lets the cookie through', async () => {
    const res = await signIn(base, token);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/app/api/keys');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const pair = cookie.split(';')[0] ?? '';
    // A random session id (server-side session), not a value derived from the token: each
    // sign-in gets its own.
    expect(pair).toMatch(new RegExp(`^${sessionCookie}=[A-Za-z0-9_-]{43}$`));
    const again = (await signIn(base, token)).headers.get('set-cookie')?.split(';')[0];
    expect(again).not.toBe(pair);
    const page = await call(`${base}/app/api/keys`, { headers: { ...html, cookie: pair } });
    expect(page.body).toBe('console: /app/api/keys');
    const forged = await call(`${base}/app/api/keys`, { headers: { cookie: `${sessionCookie}=${token}` } });
    expect(forged.status).toBe(401);
  });

  it.each(['//evil.example/app/', 'https://evil.example/app/api', '/elsewhere', '/app/\\evil', signInPath])(
    'never sends a signed-in browser off the console: next=%s goes home',
    async (next) => {
      expect((await signIn(base, token, next)).headers.get('location')).toBe('/app/api');
    },
  );

  it('signs out by clearing the cookie', async () => {
    const res = await call(`${base}/app/sign-out`, { method: 'POST' });
    expect(res.status).toBe(303);
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=0/);
  });

  it('refuses an oversized sign-in form with 413 problem+json', async () => {
    const res = await signIn(base, 'x'.repeat(consoleBodyMaxBytes));
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
  });

  it('serves the build assets without signing in', async () => {
    expect((await call(`${base}/_astro/shell.css`)).status).toBe(200);
  });

  it('never sends the token, in any header or body above', () => {
    expect(seen.length).toBeGreaterThan(10);
    for (const text of seen) expect(text).not.toContain(token);
  });
});

describe('the production server with CONSOLE_TOKEN', () => {
  let files: ServerFiles;
  let server: RunningServer;
  beforeAll(async () => {
    files = await writeFixtureWorkspace(fixtureWorld);
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      console: false,
      api: files,
      consoleToken: token,
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(files.dir, { recursive: true, force: true });
  });

  it('gates the console but not the API or health', async () => {
    const at = `http://127.0.0.1:${server.port}`;
    expect((await call(`${at}/app/api`, { headers: html })).status).toBe(303);
    const api = await call(`${at}/v2/orders`);
    expect(api.status).toBe(401);
    expect(JSON.parse(api.body)).toMatchObject({
      type: expect.stringMatching(/unauthenticated$/) as unknown,
    });
    expect((await call(`${at}/healthz`)).status).toBe(200);
  });
});
