// Request records for the log's tests: plain builders and a fast-check arbitrary.
import fc from 'fast-check';
import type { RequestFilter } from '../../../src/api/request-log.ts';
import type { RequestRecord } from '../../../src/api/request-record.ts';

/** A 201 to a sandbox create, with `overrides`. */
export function record(n: number, overrides: Partial<RequestRecord> = {}): RequestRecord {
  return {
    request_id: `req_${String(n).padStart(24, '0')}`,
    time_ms: 1_790_000_000_000 + n * 10,
    method: 'POST',
    path: '/v2/orders',
    route_id: 'rt_sandbox_create',
    status: 201,
    problem_type: null,
    latency_ms: 1 + (n % 50) / 10,
    key_id: 'key_demo_sandbox',
    consumer_id: null,
    environment: 'sandbox',
    livemode: false,
    caller_kind: 'automation',
    user_agent: 'curl/8.11.0',
    idempotent_replay: false,
    order_id: `ord_${n}`,
    response_headers: { 'content-type': 'application/json', ratelimit: '"rpm";r=59;t=42' },
    problem: null,
    ...overrides,
  };
}

/** Records that vary in every column a filter reads. */
export const recordArbitrary: fc.Arbitrary<RequestRecord> = fc
  .record({
    n: fc.nat(1_000_000),
    status: fc.constantFrom(200, 201, 304, 400, 401, 404, 409, 422, 429, 500, 503),
    key_id: fc.constantFrom(null, 'key_a', 'key_b', 'key_c'),
    route_id: fc.constantFrom(null, 'rt_a', 'rt_b'),
    environment: fc.constantFrom(null, 'production', 'sandbox', 'staging'),
    caller_kind: fc.constantFrom('human', 'automation', 'assistant'),
    latency_ms: fc.float({ min: 0, max: 5000, noNaN: true }).map((x) => Math.round(x * 10) / 10),
    dt: fc.nat(5000),
  } as const)
  .map(({ n, dt, ...rest }) => record(n, { ...rest, time_ms: 1_790_000_000_000 + dt }));

/** Values for every filter field (tsc fails here when a field of `RequestFilter` has none). */
const filterFields: { [F in keyof RequestFilter]-?: fc.Arbitrary<NonNullable<RequestFilter[F]>> } = {
  statusClass: fc.constantFrom(2, 3, 4, 5),
  status: fc.constantFrom(201, 404, 429, 503, 999),
  keyId: fc.constantFrom('key_a', 'key_b', 'key_unknown'),
  routeId: fc.constantFrom('rt_a', 'rt_unknown'),
  // a route's stages (one method and path): any of them; none known, or none at all, match nothing
  routeIds: fc.constantFrom(['rt_a'], ['rt_a', 'rt_b'], ['rt_b', 'rt_unknown'], ['rt_unknown'], []),
  callerKind: fc.constantFrom('human', 'automation', 'assistant'),
  environment: fc.constantFrom('production', 'sandbox', 'staging'),
  fromMs: fc.integer({ min: 1_790_000_000_000, max: 1_790_000_005_000 }),
  toMs: fc.integer({ min: 1_790_000_000_000, max: 1_790_000_005_000 }),
};

/** Filters setting up to `maxFields` fields, so that many records match and paging matters. */
export function filterArbitrary(maxFields: number): fc.Arbitrary<RequestFilter> {
  return fc
    .subarray(Object.keys(filterFields) as (keyof RequestFilter)[], { maxLength: maxFields })
    .chain((names) => fc.record(Object.fromEntries(names.map((n) => [n, filterFields[n]]))))
    .map((f) => f as RequestFilter);
}
