// GET /v2/orders: the key's environment's orders, newest first, a page at a time, on every serving
// path. The cases use a customer no other case orders for, so the lists they see are their own.
import { expect } from 'vitest';
import type { ApiResponse, ContractCase, Step } from '../contract-types.ts';
import { errorsOf, get, idOf, post } from './requests.ts';

const listed = { customer: 'cus_listed', lines: [{ sku: 'sku_gizmo', qty: 1 }] };
const create = { request: post('sandbox', listed), expect: { status: 201 } };

/** A list body's order ids and has_more. */
const page = (res: ApiResponse) => {
  const body = res.body as { object: string; data: { id: string; events: string[] }[]; has_more: boolean };
  expect(body.object).toBe('list');
  for (const order of body.data) expect(order.events).toEqual([]);
  return { ids: body.data.map((o) => o.id), hasMore: body.has_more };
};

/** A 400 naming the query parameter at fault. */
const badQuery = (request: Step['request'], parameter: string, code: string): Step => ({
  request,
  expect: {
    status: 400,
    problem: 'invalid-request' as const,
    headers: { 'ratelimit-policy': /^"rpm"/ },
    check: (res: ApiResponse) =>
      expect(errorsOf(res)).toContainEqual(expect.objectContaining({ parameter, code })),
  },
});

/** Listing that succeeds. */
export const listingCases: ContractCase[] = [
  {
    name: 'GET /v2/orders lists a customer’s orders newest first, a page at a time',
    purpose: 'happy',
    steps: [
      create,
      create,
      create,
      {
        request: get('sandbox', '/v2/orders?customer=cus_listed&limit=2'),
        expect: {
          status: 200,
          headers: { 'ratelimit-policy': /^"rpm"/ },
          check: (res, earlier) =>
            expect(page(res)).toEqual({ ids: [idOf(earlier[2]), idOf(earlier[1])], hasMore: true }),
        },
      },
      {
        request: (earlier) =>
          get('sandbox', `/v2/orders?customer=cus_listed&limit=2&starting_after=${idOf(earlier[1]) ?? ''}`),
        expect: {
          status: 200,
          check: (res, earlier) => expect(page(res)).toEqual({ ids: [idOf(earlier[0])], hasMore: false }),
        },
      },
    ],
  },
  {
    name: 'another environment’s orders are never listed, and HEAD answers without the body',
    purpose: 'happy',
    steps: [
      create,
      {
        request: get('production', '/v2/orders?customer=cus_listed'),
        expect: { status: 200, check: (res) => expect(page(res)).toEqual({ ids: [], hasMore: false }) },
      },
      {
        request: { ...get('sandbox', '/v2/orders?limit=1'), method: 'HEAD' },
        expect: { status: 200, check: (res) => expect(res.rawBody).toBe('') },
      },
    ],
  },
];

/** Listing that is refused. */
export const listingErrorCases: ContractCase[] = [
  ...(
    [
      ['limit=0', 'limit', 'invalid_limit'],
      ['limit=101', 'limit', 'invalid_limit'],
      ['limit=ten', 'limit', 'invalid_limit'],
      ['limit=1&limit=2', 'limit', 'repeated_parameter'],
      ['starting_after=42', 'starting_after', 'invalid_cursor'],
      ['starting_after=ord_nobodyhasthis', 'starting_after', 'unknown_cursor'],
      ['customer=a%20b', 'customer', 'invalid_customer'],
      ['expand=customer', 'expand', 'unknown_parameter'],
    ] as const
  ).map(([query, parameter, code]): ContractCase => ({
    name: `GET /v2/orders?${query} is 400 naming ${parameter}`,
    purpose: 'error',
    steps: [badQuery(get('sandbox', `/v2/orders?${query}`), parameter, code)],
  })),
  {
    name: 'a cursor from another environment is 400, as if it did not exist',
    purpose: 'error',
    steps: [
      create,
      badQuery(
        (earlier) => get('production', `/v2/orders?starting_after=${idOf(earlier[0]) ?? ''}`),
        'starting_after',
        'unknown_cursor',
      ),
    ],
  },
  {
    name: 'listing needs orders:read',
    purpose: 'error',
    steps: [
      {
        request: get('writeOnly', '/v2/orders'),
        expect: {
          status: 403,
          problem: 'insufficient-scope',
          headers: { 'www-authenticate': /scope="orders:read"/ },
        },
      },
    ],
  },
  {
    name: 'a malformed credential on the list is 400 invalid_request, before the query is read',
    purpose: 'error',
    steps: [
      {
        request: { method: 'GET', path: '/v2/orders?limit=0', headers: { authorization: 'Bearer a b' } },
        expect: { status: 400, headers: { 'www-authenticate': /error="invalid_request"/, ratelimit: null } },
      },
    ],
  },
  {
    name: 'GET /v2/orders/{id} takes no query: a parameter is 400 naming it, as the other reads do',
    purpose: 'error',
    steps: [
      create,
      badQuery(
        (earlier) => get('sandbox', `/v2/orders/${idOf(earlier[0]) ?? ''}?expand=lines`),
        'expand',
        'unknown_parameter',
      ),
    ],
  },
];
