// Every console answer carries a Request-Id (docs/deploying.md: "Every answer, error or not"): the
// pages the gate lets through, its redirects and sign-in page, and each of its refusals, whose
// problem bodies repeat the id as request_id. Ids are fresh per request, and the page behind the
// gate sees its request's id, to repeat in a problem of its own.
import { beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { consoleGate, signInPath } from '../../server/console-gate.ts';
import { ConsoleAccess } from '../../server/console/access.ts';
import { consoleBodyMaxBytes } from '../../server/console/body.ts';
import { MemoryOperatorDirectory } from '../../server/operators/directory.ts';
import { addOperator } from '../../server/operators/operators.ts';
import { testBy } from '../../harness/operators.ts';
import { MemorySessionStore } from '../../server/sessions/session-store.ts';
import { ConsoleSessions } from '../../server/sessions/sessions.ts';
import { consoleToken, useGatedConsole } from './gated-console.ts';
import { sendRaw } from './raw-http.ts';

const operators = new MemoryOperatorDirectory();
const gated = useGatedConsole(
  () =>
    new ConsoleAccess({
      token: consoleToken,
      operators,
      sessions: new ConsoleSessions(new MemorySessionStore()),
    }),
);
const requestId = /^req_[A-Za-z0-9]{24}$/;
let viewer = '';
let admin = '';

beforeAll(async () => {
  viewer = (await addOperator(operators, { name: 'Vera', role: 'viewer' }, testBy)).token;
  admin = (await gated.signIn(consoleToken)).pair;
});

/** What each case sends: path and request init. */
type Case = [string, string, () => RequestInit, number];
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each<Case>([
  ['a page', '/app/api/keys', () => ({ headers: { cookie: admin } }), 200],
  [
    'a page to a bearer',
    '/app/api/keys',
    () => ({ headers: { authorization: `Bearer ${consoleToken}` } }),
    200,
  ],
  ['the sign-in page', signInPath, () => ({}), 200],
  ['a signed-out page view (redirect)', '/app/api', () => ({ headers: { accept: 'text/html' } }), 303],
  ['a sign-in', signInPath, () => ({ method: 'POST', headers: form, body: `token=${consoleToken}` }), 303],
  ['a failed sign-in', signInPath, () => ({ method: 'POST', headers: form, body: 'token=nope' }), 401],
  ['unauthenticated JSON', '/app/session', () => ({ headers: { accept: 'application/json' } }), 401],
  [
    'a viewer’s post (role-not-allowed)',
    '/app/operators',
    () => ({ method: 'POST', headers: { ...form, authorization: `Bearer ${viewer}` }, body: 'intent=add' }),
    403,
  ],
  [
    'a cross-site post',
    '/app/operators',
    () => ({
      method: 'POST',
      headers: { ...form, cookie: admin, 'sec-fetch-site': 'cross-site' },
      body: 'x=1',
    }),
    403,
  ],
  [
    'an oversized sign-in',
    signInPath,
    () => ({ method: 'POST', headers: form, body: `token=${'x'.repeat(consoleBodyMaxBytes)}` }),
    413,
  ],
  [
    'a method the page does not take',
    '/app/api',
    () => ({ method: 'DELETE', headers: { cookie: admin } }),
    405,
  ],
])('%s', (_name, path, init, status) => {
  it(`answers ${status} with a Request-Id, repeated in a problem body`, async () => {
    const res = await fetch(`${gated.base}${path}`, { redirect: 'manual', ...init() });
    expect(res.status).toBe(status);
    const id = res.headers.get('request-id');
    expect(id).toMatch(requestId);
    if (res.headers.get('content-type') === 'application/problem+json')
      expect(await res.json()).toMatchObject({ status, request_id: id });
  });
});

describe('request ids', () => {
  it('stamp the 400 for a path that is not valid percent-encoding', async () => {
    const res = await sendRaw(Number(new URL(gated.base).port), { method: 'GET', target: '/app/%zz' });
    expect(res.status).toBe(400);
    const id = res.headers['request-id'];
    expect(id).toMatch(requestId);
    expect(JSON.parse(res.body)).toMatchObject({ request_id: id });
  });

  it('are fresh on every answer', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(async () => (await fetch(`${gated.base}${signInPath}`)).headers.get('request-id')),
    );
    expect(new Set(ids).size).toBe(3);
  });
});

describe('the page behind the gate', () => {
  it('sees the id the answer carries as a request-id header, a client’s own replaced', async () => {
    const gate = consoleGate((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(String(req.headers['request-id']));
    }, undefined);
    const server = createServer((req, res) => void gate(req, res));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/app/api`, {
        headers: { 'request-id': 'req_Forged' },
      });
      const seen = await res.text();
      expect(seen).toMatch(requestId);
      expect(seen).toBe(res.headers.get('request-id'));
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
