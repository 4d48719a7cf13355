// Requests and expectations the contract cases are written with. Keys come from ../fixture-world.ts.
import { expect } from 'vitest';
import type { ApiRequest, ApiResponse, Expectation } from '../contract-types.ts';
import { fixtureKeys } from '../../../../harness/fixture-world.ts';

type Key = keyof typeof fixtureKeys;

/** A JSON POST /v2/orders with a bearer key. */
export function post(key: Key | null, body: unknown, headers: Record<string, string> = {}): ApiRequest {
  return {
    method: 'POST',
    path: '/v2/orders',
    headers: {
      'content-type': 'application/json',
      ...(key ? { authorization: `Bearer ${fixtureKeys[key]}` } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/** A GET with a bearer key. */
export function get(key: Key, path: string): ApiRequest {
  return { method: 'GET', path, headers: { authorization: `Bearer ${fixtureKeys[key]}` } };
}

/** A valid order body. */
export const validOrder = { customer: 'cus_acme', lines: [{ sku: 'sku_widget', qty: 2 }] };

/** A 201 with an order of that mode. */
export const orderShape = (livemode: boolean): Expectation => ({
  status: 201,
  headers: {
    location: /^\/v2\/orders\/ord_[A-Za-z0-9]+$/,
    'content-type': 'application/json',
    'ratelimit-policy': /^"rpm";q=\d+;w=60$/,
  },
  check: (res: ApiResponse) =>
    expect(res.body).toMatchObject({
      customer: 'cus_acme',
      invoice: null,
      events: ['order.created'],
      livemode,
    }),
});

/** The Location of the last response. */
export const lastLocation = (earlier: ApiResponse[]) => earlier.at(-1)?.headers.location ?? '/missing';
/** The `errors` of a problem body. */
export const errorsOf = (res: ApiResponse) =>
  (res.body as { errors?: { pointer: string; code: string }[] }).errors;
/** The order id of a response body. */
export const idOf = (res: ApiResponse | undefined) => (res?.body as { id?: string } | undefined)?.id;
