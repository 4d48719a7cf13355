// Issue 21, "Server and security" 4–6: sign-out refuses a cross-site post; a `next` outside ASCII or
// with CR/LF still gets a 303 to a safe, percent-encoded console path; a console path that is not
// valid percent-encoding gets 400 problem+json (Astro's own answer is a bare text/plain-less 400).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleGate, signInPath, signOutPath } from '../../server/console-gate.ts';
import { sendRaw } from './raw-http.ts';

const token = 'console-token-Zq7x';
const servers: Server[] = [];
let port = 0;
let openPort = 0;
let base = '';

/** A gated server whose console stand-in answers malformed paths as @astrojs/node's standalone
 * handler does (decodeURI fails: writeHead(400), "Bad request.", no content type). */
async function gated(secret: string | undefined): Promise<number> {
  const gate = consoleGate((req, res) => {
    try {
      decodeURI(req.url ?? '/');
    } catch {
      res.writeHead(400);
      res.end('Bad request.');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`console: ${req.url}`);
  }, secret);
  const server = createServer((req, res) => void gate(req, res));
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  port = await gated(token);
  openPort = await gated(undefined);
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => Promise.all(servers.map((s) => new Promise((done) => s.close(done)))));

/** Posts the sign-in form with the right token and `next`; never waits more than 5 s for an answer. */
function signIn(next: string, headers: Record<string, string> = {}) {
  return fetch(`${base}${signInPath}`, {
    method: 'POST',
    redirect: 'manual',
    signal: AbortSignal.timeout(5_000),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ token, next }).toString(),
  });
}

describe('sign-out refuses a cross-site request (item 4)', () => {
  it.each([
    ['a cross-site form post', { 'sec-fetch-site': 'cross-site' }],
    ['a same-site (sibling subdomain) post', { 'sec-fetch-site': 'same-site' }],
    ['a post from another origin, no Sec-Fetch-Site', { origin: 'https://evil.example' }],
    ['a post from an opaque origin', { origin: 'null' }],
  ])('%s gets 403 problem+json and keeps the cookie', async (_name, headers) => {
    const res = await fetch(`${base}${signOutPath}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: 'estate_console_session=x',
        ...headers,
      },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it.each([
    ['same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['its own origin', { origin: 'http://127.0.0.1' }],
  ])('a %s post signs out', async (_name, headers) => {
    const own = 'origin' in headers ? { origin: base } : headers;
    const res = await fetch(`${base}${signOutPath}`, { method: 'POST', redirect: 'manual', headers: own });
    expect(res.status).toBe(303);
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=0/);
  });
});

describe('sign-in answers any `next` with a 303 to a safe, encoded path (item 5)', () => {
  it.each([
    ['a path outside ASCII', '/app/漢', '/app/%E6%BC%A2'],
    ['an already encoded path', '/app/%E6%BC%A2', '/app/%E6%BC%A2'],
    ['a query outside ASCII', '/app/api/logs?q=漢', '/app/api/logs?q=%E6%BC%A2'],
    ['CR/LF (header injection)', '/app/api\r\nSet-Cookie: stolen=1', '/app/api'],
    ['a lone LF', '/app/api\nx', '/app/api'],
    ['a NUL', '/app/api\u0000', '/app/api'],
    ['dot segments leaving the console', '/app/../v2/orders', '/app/api'],
    ['an encoded dot segment', '/app/%2e%2e/v2/orders', '/app/api'],
  ])('%s', async (_name, next, location) => {
    const res = await signIn(next);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(location);
  });

  it('the form page carries the encoded path', async () => {
    const res = await fetch(`${base}${signInPath}?next=${encodeURIComponent('/app/漢')}`);
    expect(await res.text()).toContain('name="next" value="/app/%E6%BC%A2"');
  });
});

describe('a console path that is not valid percent-encoding gets 400 problem+json (item 6)', () => {
  it.each(['/%ZZ', '/app/%E0%A4%A', '/app/api/%', '/app/%FF'])('%s', async (target) => {
    const res = await sendRaw(port, { method: 'GET', target, headers: { accept: 'text/html' } });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(res.body)).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('a path starting with two slashes is a path, not a host (//%00 was a 500)', async () => {
    const res = await sendRaw(port, { method: 'GET', target: '//%00?x=1', headers: { accept: 'text/html' } });
    expect(res.status).toBeLessThan(500);
  });

  it('on the open console too', async () => {
    const res = await sendRaw(openPort, { method: 'GET', target: '/%ZZ' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/problem+json');
  });

  it('even signed in with a bearer token', async () => {
    const res = await sendRaw(port, {
      method: 'GET',
      target: '/app/%ZZ',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/problem+json');
  });
});
