// The management API on the production server: a cross-site JSON write is refused; a key issued
// through it works on the Orders API at once, and once revoked is refused within a second with the
// audit entry named; a route deprecated through it carries Deprecation, Sunset and Link within a
// second, and none once the deprecation is undone; past its sunset the route answers 410 naming
// the audit entry that set it.
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../helpers/poll.ts';
import { requests } from '../../manage/fuzz-arbitraries.ts';
import { killServer, spawnServer, type SpawnedServer } from '../../../harness/spawn-server.ts';
import { change, manageWorkspace, send, writeManagementKey } from './helpers.ts';

let server: SpawnedServer;
let token: string;
let dir: string;

beforeAll(async () => {
  const files = await manageWorkspace();
  dir = files.dir;
  token = await writeManagementKey(files.issuedKeysFile);
  server = await spawnServer(files);
}, 60_000);

afterAll(async () => {
  await killServer(server);
  rmSync(dir, { recursive: true, force: true });
});

const orders = (key: string) =>
  fetch(`${server.baseUrl}/v2/orders`, { headers: { authorization: `Bearer ${key}` } });

describe('cross-site writes', () => {
  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses a JSON write with %s', async (_, headers) => {
    const answer = await send(
      `${server.baseUrl}/manage/v1/keys`,
      'POST',
      token,
      { name: 'x', dry_run: true },
      headers,
    );
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('cross_site_request');
  });
});

describe('fuzzing the live server', () => {
  it('200 requests over HTTP: none 5xx, none hangs', async () => {
    await fc.assert(
      fc.asyncProperty(requests, async (req) => {
        const search = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
        const res = await fetch(`${server.baseUrl}/manage/v1${req.path}${search}`, {
          method: req.method,
          headers: {
            ...(req.authorised ? { authorization: `Bearer ${token}` } : {}),
            ...(req.idempotencyKey === undefined ? {} : { 'idempotency-key': req.idempotencyKey }),
            ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(req.body === undefined || req.method === 'GET' || req.method === 'HEAD'
            ? {}
            : { body: typeof req.body === 'string' ? req.body : JSON.stringify(req.body) }),
          signal: AbortSignal.timeout(5_000),
        });
        await res.arrayBuffer();
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  }, 120_000);
});

describe('keys through the management API', () => {
  it('a key issued works at once; revoked, it is refused within a second naming the audit entry', async () => {
    const issued = await change(server.baseUrl, 'POST', '/keys', token, { name: 'http test' });
    expect(issued.status).toBe(201);
    const secret = String(issued.body.secret);
    expect((await orders(secret)).status).toBe(200);
    const keyId = (issued.body.after as { key_id: string }).key_id;
    const revoked = await change(server.baseUrl, 'POST', `/keys/${keyId}/revoke`, token);
    expect(revoked.status).toBe(200);
    const refused = await until(
      'the revoked key refused',
      async () => {
        const res = await orders(secret);
        return res.status === 401 ? ((await res.json()) as { audit_entry_id?: string }) : undefined;
      },
      { timeoutMs: 1000 },
    );
    expect(refused.audit_entry_id).toBe(revoked.body.audit_entry_id);
  });
});

describe('route deprecation through the management API', () => {
  it('the API sends Deprecation, Sunset and Link within a second, and stops once undone', async () => {
    const issued = await change(server.baseUrl, 'POST', '/keys', token, { name: 'deprecation test' });
    const secret = String(issued.body.secret);
    expect((await orders(secret)).headers.get('deprecation')).toBeNull();
    const done = await change(server.baseUrl, 'POST', '/routes/rt_get/deprecate', token, {
      sunset_at: '2027-06-30',
      successor_route_id: 'rt_post',
    });
    expect(done.status).toBe(200);
    const headers = await until(
      'deprecation headers',
      async () => {
        const res = await orders(secret);
        return res.headers.get('deprecation') ? res.headers : undefined;
      },
      { timeoutMs: 1000 },
    );
    expect(headers.get('sunset')).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
    expect(headers.get('link')).toContain('</v2/orders>; rel="successor-version"');
    await change(server.baseUrl, 'POST', '/routes/rt_get/restore', token);
    await until(
      'no deprecation headers',
      async () => (await orders(secret)).headers.get('deprecation') === null,
      { timeoutMs: 1000 },
    );
  });

  it('refuses the route 410 once its sunset has passed, naming the audit entry, until undone', async () => {
    // a budget no polling below can spend (the default 60 rpm would answer 429 before the 410)
    const issued = await change(server.baseUrl, 'POST', '/keys', token, {
      name: 'sunset test',
      rpm_budget: 6000,
    });
    const secret = String(issued.body.secret);
    const sunsetAt = new Date(Date.now() + 2000).toISOString();
    const done = await change(server.baseUrl, 'POST', '/routes/rt_get/deprecate', token, {
      sunset_at: sunsetAt,
      successor_route_id: 'rt_post',
    });
    expect(done.status).toBe(200);
    // every call answered before the first 410 was a 200, and that 410 came after the sunset
    const before: number[] = [];
    const gone = await until(
      'a 410 after the sunset',
      async () => {
        const res = await orders(secret);
        if (res.status === 410) return res;
        before.push(res.status);
        return undefined;
      },
      { timeoutMs: 8000, everyMs: 100 },
    );
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(sunsetAt));
    expect(new Set(before)).toEqual(new Set([200]));
    expect(gone.headers.get('content-type')).toBe('application/problem+json');
    expect(gone.headers.get('sunset')).not.toBeNull();
    const body = (await gone.json()) as Record<string, unknown>;
    expect(body.type).toBe('https://estate.example/problems/route-retired');
    expect(body.detail).toContain('use /v2/orders');
    expect(body.audit_entry_id).toBe(done.body.audit_entry_id);
    expect((await change(server.baseUrl, 'POST', '/routes/rt_get/restore', token)).status).toBe(200);
    await until('the route answers again', async () => (await orders(secret)).status === 200, {
      timeoutMs: 1000,
      everyMs: 100,
    });
  });
});
