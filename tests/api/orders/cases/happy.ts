// Success paths, on every serving path.
import { expect } from 'vitest';
import type { ContractCase } from '../contract-types.ts';
import { fixtureKeys } from '../../../../harness/fixture-world.ts';
import { get, lastLocation, orderShape, post, validOrder } from './requests.ts';

/** Success paths. */
export const happyCases: ContractCase[] = [
  {
    name: 'a sandbox key creates a test-mode order',
    purpose: 'happy',
    steps: [{ request: post('sandbox', validOrder), expect: orderShape(false) }],
  },
  {
    name: 'a production key creates a live order',
    purpose: 'happy',
    steps: [{ request: post('production', validOrder), expect: orderShape(true) }],
  },
  {
    name: 'a staging key is test mode too',
    purpose: 'happy',
    steps: [{ request: post('staging', validOrder), expect: orderShape(false) }],
  },
  {
    name: 'an expiring key still works until it expires',
    purpose: 'happy',
    steps: [{ request: post('expiring', validOrder), expect: orderShape(false) }],
  },
  {
    name: 'the created order is readable at its Location, with no events',
    purpose: 'happy',
    steps: [
      { request: post('sandbox', validOrder), expect: orderShape(false) },
      {
        request: (earlier) => get('sandbox', lastLocation(earlier)),
        expect: {
          status: 200,
          check: (res, earlier) => expect(res.body).toEqual({ ...(earlier[0]?.body as object), events: [] }),
        },
      },
    ],
  },
  {
    name: 'charset=utf-8 and a lower-case scheme are accepted',
    purpose: 'happy',
    steps: [
      {
        request: post(null, validOrder, {
          'content-type': 'application/json; charset=UTF-8',
          authorization: `bearer ${fixtureKeys.sandbox}`,
        }),
        expect: orderShape(false),
      },
    ],
  },
  {
    name: 'Content-Encoding: identity is no coding at all',
    purpose: 'happy',
    steps: [
      { request: post('sandbox', validOrder, { 'content-encoding': 'identity' }), expect: orderShape(false) },
    ],
  },
  {
    name: 'the largest order the bounds allow (100 lines of qty 1000)',
    purpose: 'happy',
    steps: [
      {
        request: post('sandbox', {
          customer: 'cus_acme',
          lines: Array.from({ length: 100 }, () => ({ sku: 'sku_gizmo', qty: 1000 })),
        }),
        expect: {
          status: 201,
          check: (res) => expect((res.body as { lines: unknown[] }).lines).toHaveLength(100),
        },
      },
    ],
  },
  {
    name: 'the OpenAPI document is public',
    purpose: 'happy',
    steps: [
      {
        request: { method: 'GET', path: '/v2/openapi.json' },
        expect: { status: 200, check: (res) => expect(res.body).toMatchObject({ openapi: '3.1.1' }) },
      },
    ],
  },
];
