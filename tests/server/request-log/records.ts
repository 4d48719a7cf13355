// Request records for the log's tests: plain builders and a fast-check arbitrary.
import fc from 'fast-check';
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
