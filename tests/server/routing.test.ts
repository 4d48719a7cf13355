// One routing decision for the production server and `npm run dev`: every spelling of a path in the
// API's space goes to the contract (which serves only the canonical spelling), health paths to
// health, and the rest to the console.
import { afterAll, describe, expect, it } from 'vitest';
import { destinationOf } from '../../server/routing.ts';
import { post, validOrder } from '../api/orders/contract-cases.ts';
import { serverRunner } from '../api/orders/runners.ts';
import { sendRaw } from './raw-http.ts';

describe('destinationOf', () => {
  it.each([
    ['/v2/orders', 'api'],
    // repeated, leading and trailing slashes collapse
    ['//v2/orders', 'api'],
    ['/v1//orders', 'api'],
    ['/v1/orders/', 'api'],
    // dot segments resolve, spelt plainly or percent-encoded
    ['/./v2/orders', 'api'],
    ['/x/../v2/orders', 'api'],
    ['/app/%2e%2E/v2/orders', 'api'],
    // percent-escapes decode, %2F and a backslash as a separator too
    ['/%762/orders', 'api'],
    ['/v2%2Forders', 'api'],
    ['/\\v2/orders', 'api'],
    // a version segment in either case, any version
    ['/V2/orders', 'api'],
    ['/v3', 'api'],
    ['/v9/anything', 'api'],
    // a bad escape after the version is still the API's (it answers 400)
    ['/v2/orders/%ZZ', 'api'],
    // absolute form
    ['http://estate.test/v2/orders?x=1', 'api'],
    ['/app/api', 'console'],
    ['/', 'console'],
    ['/v2x/orders', 'console'],
    ['/video', 'console'],
    ['/v2/../app/api', 'console'],
    ['/app/api?next=/v2/orders', 'console'],
    ['/manage/v1/keys', 'manage'],
    ['http://estate.test/manage/v1/audit?limit=1', 'manage'],
    ['/healthz', 'health'],
    ['/readyz?verbose=1', 'health'],
    ['//healthz', 'console'],
  ])('%s → %s', (url, destination) => {
    expect(destinationOf(url)).toBe(destination);
  });
});

describe('the production server', async () => {
  const runner = await serverRunner();
  const port = Number(new URL(runner.baseUrl).port);
  afterAll(() => runner.close());

  it.each([
    '//v2/orders',
    '/v2//orders',
    '/v2/orders/',
    '/./v2/orders',
    '/x/../v2/orders',
    '/%762/orders',
    '/V2/Orders',
  ])('answers %s with a 404 naming /v2/orders, and stores nothing', async (target) => {
    const before = await (await runner.store()).count();
    const { body, headers, ...request } = post('sandbox', validOrder);
    const answer = await sendRaw(port, { method: request.method, target, headers, body });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(answer.body)).toMatchObject({
      detail: 'No such resource; the canonical path is /v2/orders',
    });
    expect(await (await runner.store()).count()).toBe(before);
  });

  it.each(['/v2/orders/%ZZ', '/v2/orders/%E0%A4%A', '/v2/orders/%C3%28'])(
    'answers a bad percent-escape (%s) with a 400 problem',
    async (target) => {
      const answer = await sendRaw(port, { method: 'GET', target });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'invalid_request' });
    },
  );
});
