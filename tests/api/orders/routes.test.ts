// The route table: which operation a method and request-target name, served only as canonically
// spelt; deprecated paths map to their successor's operation with their headers.
import { describe, expect, it } from 'vitest';
import type { DeprecatedPath } from '../../../src/api/orders/deps.ts';
import { resolveRoute } from '../../../src/api/orders/routes.ts';

const deprecated = new Map<string, DeprecatedPath>([
  ['/v1/orders', { method: 'POST', successor: '/v2/orders', headers: { deprecation: '@1' } }],
]);
const none = {};

describe('resolveRoute', () => {
  it.each([
    ['POST', '/v2/orders', { kind: 'operation', operation: 'create', id: '', headers: none }],
    ['GET', '/v2/orders', { kind: 'operation', operation: 'list', id: '', headers: none }],
    ['PUT', '/v2/orders', { kind: 'not-allowed', allow: 'GET, HEAD, POST', headers: none }],
    ['GET', '/v2/orders/ord_1?x=1', { kind: 'operation', operation: 'get', id: 'ord_1', headers: none }],
    // a canonical escape is decoded into the id
    ['GET', '/v2/orders/a%20b', { kind: 'operation', operation: 'get', id: 'a b', headers: none }],
    [
      'GET',
      'http://estate.test/v2/openapi.json',
      { kind: 'operation', operation: 'openapi', id: '', headers: none },
    ],
    ['DELETE', '/v2/openapi.json', { kind: 'not-allowed', allow: 'GET, HEAD', headers: none }],
    // another spelling of a real path names it; of nothing, names nothing
    ['GET', '/v2/orders/%6Frd_1', { kind: 'not-found', canonical: '/v2/orders/ord_1' }],
    ['GET', '/V2/ORDERS/ord_1', { kind: 'not-found', canonical: '/v2/orders/ord_1' }],
    ['GET', '/v2/nothing', { kind: 'not-found', canonical: null }],
    ['GET', '/v2/orders/%ZZ', { kind: 'bad-path', reason: 'The path has a malformed percent-escape' }],
  ] as const)('%s %s', (method, target, route) => {
    expect(resolveRoute(method, target)).toEqual(route);
  });

  it('serves a deprecated path by its successor’s operation, with its headers', () => {
    expect(resolveRoute('POST', '/v1/orders', deprecated)).toEqual({
      kind: 'operation',
      operation: 'create',
      id: '',
      headers: { deprecation: '@1' },
    });
    expect(resolveRoute('GET', '/v1/orders', deprecated)).toMatchObject({
      kind: 'not-allowed',
      allow: 'POST',
    });
    expect(resolveRoute('POST', '/v1//orders', deprecated)).toEqual({
      kind: 'not-found',
      canonical: '/v1/orders',
    });
    expect(resolveRoute('POST', '/v1/orders')).toEqual({ kind: 'not-found', canonical: null });
  });
});
