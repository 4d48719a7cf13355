// The methods each console path takes (server/console/methods.ts): an unsafe method on a page that
// only reads is 405 problem+json with an Allow header, /app/session included; OPTIONS says what a
// path takes (204, Allow); a form page takes POST, but only a form (JSON is 415 problem+json,
// whatever the client accepts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleGate } from '../../../server/console-gate.ts';

let server: Server;
let base = '';

beforeAll(async () => {
  const gate = consoleGate((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('page');
  }, undefined);
  server = createServer((req, res) => void gate(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((done) => server.close(done)));

const json = { 'content-type': 'application/json', accept: 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each([
  // read-only pages, prerendered or per request
  ['/app/api', 'GET, HEAD', ['POST', 'PUT', 'PATCH', 'DELETE']],
  ['/app/api/keys/key_abc123', 'GET, HEAD', ['POST', 'PUT', 'PATCH', 'DELETE']],
  ['/app/api/audit', 'GET, HEAD', ['POST', 'PUT', 'PATCH', 'DELETE']],
  ['/app/api/logs', 'GET, HEAD', ['POST', 'PUT', 'PATCH', 'DELETE']],
  ['/app/api/routes/rt_abc', 'GET, HEAD', ['POST', 'PUT', 'PATCH', 'DELETE']],
  // the JSON endpoint saying who is signed in
  ['/app/session', 'GET, HEAD', ['POST', 'PUT', 'PATCH', 'DELETE']],
  // form pages: POST, nothing else unsafe
  ['/app/operators', 'GET, HEAD, POST', ['PUT', 'PATCH', 'DELETE']],
  ['/app/api/events/endpoints/we_1', 'GET, HEAD, POST', ['PUT', 'PATCH', 'DELETE']],
])('%s', (path, allow, refused) => {
  it.each(refused)(`%s is 405 problem+json, Allow: ${allow}`, async (method) => {
    const res = await fetch(`${base}${path}`, { method, headers: json, body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 405, code: 'method_not_allowed' });
  });

  it(`OPTIONS is 204 with Allow: ${allow}, OPTIONS, and no CORS headers`, async () => {
    const res = await fetch(`${base}${path}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe(`${allow}, OPTIONS`);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await res.text()).toBe('');
  });

  it('GET reaches the page', async () => {
    expect((await fetch(`${base}${path}`)).status).toBe(200);
  });
});

describe('a form page', () => {
  it.each(['/app/operators', '/app/api/events/endpoints/we_1'])(
    'refuses JSON on %s with 415 problem+json',
    async (path) => {
      const res = await fetch(`${base}${path}`, { method: 'POST', headers: json, body: '{"intent":"add"}' });
      expect(res.status).toBe(415);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(await res.json()).toMatchObject({ status: 415, code: 'unsupported_media_type' });
    },
  );

  it('takes a urlencoded form', async () => {
    const res = await fetch(`${base}/app/operators`, { method: 'POST', headers: form, body: 'intent=add' });
    expect(res.status).toBe(200);
  });

  it('takes a multipart form', async () => {
    const body = new FormData();
    body.append('intent', 'add');
    expect((await fetch(`${base}/app/operators`, { method: 'POST', body })).status).toBe(200);
  });

  it('lets a server island post its props', async () => {
    const res = await fetch(`${base}/_server-islands/LiveStrip`, {
      method: 'POST',
      headers: json,
      body: '{}',
    });
    expect(res.status).toBe(200);
  });
});
