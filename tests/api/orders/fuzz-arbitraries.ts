// fast-check arbitraries for requests: bodies from valid to hostile, headers from right to wrong.
import fc from 'fast-check';
import type { ApiRequest } from './contract-types.ts';
import { fixtureKeys, fixtureWorld } from '../../../harness/fixture-world.ts';

const known = <T>(values: T[]) => fc.constantFrom(...values);
const customers = fixtureWorld.customers.map((c) => c.customer_id);
const skus = fixtureWorld.skus.map((s) => s.sku);

const line = fc.record(
  {
    sku: fc.oneof(known(skus), fc.string(), fc.integer(), fc.constant(null)),
    qty: fc.oneof(
      fc.integer({ min: -5, max: 1005 }),
      fc.double(),
      fc.string(),
      fc.constant(Number.POSITIVE_INFINITY),
    ),
    extra: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

/** A body: a near-valid order, any JSON, or any text (bytes that may not be JSON at all). */
export const body = fc.oneof(
  fc
    .record(
      {
        customer: fc.oneof(known(customers), fc.string({ maxLength: 80 }), fc.integer()),
        lines: fc.oneof(fc.array(line, { maxLength: 120 }), fc.jsonValue()),
        note: fc.jsonValue(),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ unit: 'binary', maxLength: 300 }),
);

const authorization = fc.oneof(
  known(Object.values(fixtureKeys).map((k) => `Bearer ${k}`)),
  fc.string({ maxLength: 40 }).map((s) => `Bearer ${s}`),
  fc.string({ maxLength: 40 }),
  fc.constant(undefined),
);
const contentType = fc.oneof(
  fc.constant('application/json'),
  fc.constant('application/json; charset=utf-8'),
  fc.constant('application/json; charset=latin1'),
  fc.constant('text/plain'),
  fc.string({ maxLength: 30 }),
  fc.constant(undefined),
);
const idempotencyKey = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 20 }),
  fc.string({ maxLength: 300 }),
);
const printable = (value: string | undefined) =>
  value === undefined ? undefined : value.replace(/[^\x20-\x7e]/g, '').trim();

/** A whole request: mostly POST /v2/orders, sometimes other methods and paths. */
export const request: fc.Arbitrary<ApiRequest> = fc
  .record({
    method: fc.oneof(fc.constant('POST'), fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH')),
    path: fc.oneof(
      fc.constant('/v2/orders'),
      fc.string({ maxLength: 20 }).map((s) => `/v2/orders/${encodeURIComponent(s)}`),
      fc.constant('/v2/orders?x=1'),
    ),
    authorization,
    contentType,
    idempotencyKey,
    body,
  })
  .map(({ method, path, authorization: a, contentType: c, idempotencyKey: k, body: b }) => {
    const headers: Record<string, string> = {};
    const [pa, pc, pk] = [printable(a), printable(c), printable(k)];
    if (pa !== undefined) headers.authorization = pa;
    if (pc !== undefined) headers['content-type'] = pc;
    if (pk !== undefined) headers['idempotency-key'] = pk;
    return { method, path, headers, body: method === 'GET' ? undefined : b };
  });
