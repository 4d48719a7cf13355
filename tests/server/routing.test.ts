// The fast path routes on the path as a router sees it, so no spelling of /v2 reaches a second
// API runtime through Astro: every spelling lands in the one store.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { routedPath } from '../../server/server.ts';
import { post, validOrder } from '../api/orders/contract-cases.ts';
import { serverRunner } from '../api/orders/runners.ts';

describe('routedPath', () => {
  it.each([
    ['/v2/orders', '/v2/orders'],
    // dot segments resolve
    ['/./v2/orders', '/v2/orders'],
    ['/x/../v2/orders', '/v2/orders'],
    // percent-encoded characters decode
    ['/%762/orders', '/v2/orders'],
    // the query is not part of the path
    ['/v2/orders?x=1', '/v2/orders'],
    // a malformed escape is no path at all
    ['/v2/%E0%A4%A', null],
    // "//host/path" names a host
    ['//evil/v2/orders', '/v2/orders'],
  ])('%s → %s', (url, path) => {
    expect(routedPath(url)).toBe(path);
  });

  it('reads every path of letters, digits, "/", "_" and "-" as the URL parser does', () => {
    const parsed = (url: string) => {
      try {
        return decodeURI(new URL(url, 'http://localhost').pathname);
      } catch {
        return null;
      }
    };
    const plain = fc.stringMatching(/^\/[A-Za-z0-9/_-]*$/);
    fc.assert(
      fc.property(plain, (url) => {
        expect(routedPath(url)).toBe(parsed(url));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the production server', async () => {
  const runner = await serverRunner();
  afterAll(() => runner.close());

  it.each(['/./v2/orders', '/x/../v2/orders', '/%762/orders'])(
    'answers %s on the fast path, storing into the one store',
    async (path) => {
      const before = await (await runner.store()).count();
      const response = await runner.send({ ...post('sandbox', validOrder), path });
      expect(response.status).toBe(201);
      expect(await (await runner.store()).count()).toBe(before + 1);
    },
  );
});
