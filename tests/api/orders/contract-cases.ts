// THE table of contract cases. Every case runs on every serving path (handler, MSW in node, the
// production server over HTTP, the Astro endpoints) and all must agree. Keys come from ./fixture-world.ts.
import { expect } from 'vitest';
import type { ApiRequest, ApiResponse, ContractCase } from './contract-types.ts';
import { fixtureKeys } from './fixture-world.ts';

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

const orderShape = (livemode: boolean) => ({
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

const lastLocation = (earlier: ApiResponse[]) => earlier.at(-1)?.headers.location ?? '/missing';
const errorsOf = (res: ApiResponse) => (res.body as { errors?: { pointer: string; code: string }[] }).errors;
const idOf = (res: ApiResponse | undefined) => (res?.body as { id?: string } | undefined)?.id;

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

/** Client errors: body, media type, size, references, routing. */
export const errorCases: ContractCase[] = [
  {
    name: 'malformed JSON is 400',
    purpose: 'error',
    steps: [
      { request: post('sandbox', '{"customer": '), expect: { status: 400, problem: 'malformed-json' } },
    ],
  },
  {
    name: 'an empty body is 400',
    purpose: 'error',
    steps: [{ request: post('sandbox', ''), expect: { status: 400, problem: 'malformed-json' } }],
  },
  {
    name: 'a non-JSON content type is 415, with Accept-Post',
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', validOrder, { 'content-type': 'text/plain' }),
        expect: {
          status: 415,
          problem: 'unsupported-media-type',
          headers: { 'accept-post': 'application/json' },
        },
      },
    ],
  },
  {
    name: 'a body over 64 KiB is 413',
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', { customer: 'cus_acme', lines: [], pad: 'x'.repeat(70_000) }),
        expect: { status: 413, problem: 'payload-too-large' },
      },
    ],
  },
  {
    name: 'every validation problem is reported at once, each with its pointer',
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', {
          customer: 5,
          lines: [{ sku: '', qty: 0 }, { sku: 'sku_widget', qty: 1.5 }, { qty: 1 }],
          coupon: 'X',
        }),
        expect: {
          status: 422,
          problem: 'validation-failed',
          check: (res) =>
            expect(
              errorsOf(res)
                ?.map((e) => e.pointer)
                .sort(),
            ).toEqual(
              ['/coupon', '/customer', '/lines/0/qty', '/lines/0/sku', '/lines/1/qty', '/lines/2/sku'].sort(),
            ),
        },
      },
    ],
  },
  {
    name: 'no lines is 422',
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', { customer: 'cus_acme', lines: [] }),
        expect: { status: 422, problem: 'validation-failed' },
      },
    ],
  },
  {
    name: '101 lines is 422',
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', {
          customer: 'cus_acme',
          lines: Array.from({ length: 101 }, () => ({ sku: 'sku_widget', qty: 1 })),
        }),
        expect: {
          status: 422,
          problem: 'validation-failed',
          check: (res) => expect(errorsOf(res)?.[0]?.pointer).toBe('/lines'),
        },
      },
    ],
  },
  {
    name: 'qty 1001 is 422',
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', { customer: 'cus_acme', lines: [{ sku: 'sku_widget', qty: 1001 }] }),
        expect: { status: 422, problem: 'validation-failed' },
      },
    ],
  },
  {
    name: 'a JSON array body is 422 at the root',
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', [validOrder]),
        expect: {
          status: 422,
          problem: 'validation-failed',
          check: (res) => expect(errorsOf(res)?.[0]?.pointer).toBe(''),
        },
      },
    ],
  },
  {
    name: 'an unknown customer is 422 unknown-customer',
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', { ...validOrder, customer: 'cus_nobody' }),
        expect: {
          status: 422,
          problem: 'unknown-customer',
          check: (res) => expect(errorsOf(res)?.map((e) => e.pointer)).toEqual(['/customer']),
        },
      },
    ],
  },
  {
    name: 'every unknown sku is 422 unknown-sku, each with its pointer',
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', {
          customer: 'cus_acme',
          lines: [
            { sku: 'sku_nope', qty: 1 },
            { sku: 'sku_widget', qty: 1 },
            { sku: 'sku_nada', qty: 1 },
          ],
        }),
        expect: {
          status: 422,
          problem: 'unknown-sku',
          check: (res) =>
            expect(errorsOf(res)?.map((e) => e.pointer)).toEqual(['/lines/0/sku', '/lines/2/sku']),
        },
      },
    ],
  },
  {
    name: 'an unknown order is 404',
    purpose: 'error',
    steps: [
      {
        request: get('sandbox', '/v2/orders/ord_doesnotexist'),
        expect: { status: 404, problem: 'not-found' },
      },
    ],
  },
  {
    name: 'a production key cannot see a sandbox order (404)',
    purpose: 'error',
    steps: [
      { request: post('sandbox', validOrder), expect: { status: 201 } },
      {
        request: (earlier) => get('production', lastLocation(earlier)),
        expect: { status: 404, problem: 'not-found' },
      },
    ],
  },
  {
    name: 'GET /v2/orders is 405 with Allow',
    purpose: 'error',
    steps: [
      {
        request: get('sandbox', '/v2/orders'),
        expect: { status: 405, problem: 'method-not-allowed', headers: { allow: 'POST' } },
      },
    ],
  },
  {
    name: 'an unknown /v2 path is 404',
    purpose: 'error',
    steps: [{ request: get('sandbox', '/v2/nothing-here'), expect: { status: 404, problem: 'not-found' } }],
  },
  {
    name: 'an Idempotency-Key over 255 characters is 400',
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', validOrder, { 'idempotency-key': 'k'.repeat(256) }),
        expect: { status: 400, problem: 'invalid-request' },
      },
    ],
  },
];

/** Authentication and authorisation (RFC 6750). */
export const securityCases: ContractCase[] = [
  {
    name: 'no credential is 401 with a bare Bearer challenge and no rate-limit headers',
    purpose: 'security',
    steps: [
      {
        request: post(null, validOrder),
        expect: {
          status: 401,
          problem: 'unauthenticated',
          headers: { 'www-authenticate': 'Bearer realm="estate"', ratelimit: null },
        },
      },
    ],
  },
  {
    name: 'another scheme counts as no bearer credential (401)',
    purpose: 'security',
    steps: [
      {
        request: post(null, validOrder, { authorization: 'Basic dXNlcjpwYXNz' }),
        expect: {
          status: 401,
          problem: 'unauthenticated',
          headers: { 'www-authenticate': 'Bearer realm="estate"' },
        },
      },
    ],
  },
  ...['Bearer', 'Bearer two tokens', 'Bearer bad"char'].map((authorization): ContractCase => ({
    name: `a malformed header (${authorization}) is 400 invalid_request`,
    purpose: 'security',
    steps: [
      {
        request: post(null, validOrder, { authorization }),
        expect: {
          status: 400,
          problem: 'invalid-request',
          headers: { 'www-authenticate': /error="invalid_request"/ },
        },
      },
    ],
  })),
  ...(['unknown', 'revoked', 'rotated', 'expired'] as const).map((key): ContractCase => ({
    name: `an ${key} key is 401 invalid_token`,
    purpose: 'security',
    steps: [
      {
        request: post(key, validOrder),
        expect: {
          status: 401,
          problem: 'invalid-token',
          headers: { 'www-authenticate': /^Bearer realm="estate", error="invalid_token"/ },
        },
      },
    ],
  })),
  {
    name: 'a key without orders:write is 403 insufficient_scope',
    purpose: 'security',
    steps: [
      {
        request: post('readOnly', validOrder),
        expect: {
          status: 403,
          problem: 'insufficient-scope',
          headers: {
            'www-authenticate':
              /error="insufficient_scope", error_description="[^"]*", scope="orders:write"$/,
            ratelimit: /^"rpm";r=\d+;t=\d+$/,
          },
        },
      },
    ],
  },
  {
    name: 'a key without orders:read cannot read (403)',
    purpose: 'security',
    steps: [
      {
        request: get('writeOnly', '/v2/orders/ord_000001'),
        expect: {
          status: 403,
          problem: 'insufficient-scope',
          headers: { 'www-authenticate': /scope="orders:read"$/ },
        },
      },
    ],
  },
];

/** Exact rpm budgets and plan quotas (fixed clock 12:00:10, so 50 s to the next window). */
export const rateLimitCases: ContractCase[] = [
  {
    name: 'rpm budget 3: three pass with falling RateLimit, the fourth is 429 with Retry-After',
    purpose: 'rate-limit',
    steps: [
      ...[2, 1, 0].map((remaining) => ({
        request: post('tinyRpm', validOrder),
        expect: {
          status: 201,
          headers: { 'ratelimit-policy': '"rpm";q=3;w=60', ratelimit: `"rpm";r=${remaining};t=50` },
        },
      })),
      {
        request: post('tinyRpm', validOrder),
        expect: {
          status: 429,
          problem: 'rate-limited',
          headers: { 'retry-after': '50', ratelimit: '"rpm";r=0;t=50' },
        },
      },
    ],
  },
  {
    name: 'plan quota 2 orders/month: the third order is 429 quota-exceeded',
    purpose: 'rate-limit',
    steps: [
      { request: post('tinyQuota', validOrder), expect: { status: 201 } },
      { request: post('tinyQuota', validOrder), expect: { status: 201 } },
      {
        request: post('tinyQuota', validOrder),
        expect: {
          status: 429,
          problem: 'quota-exceeded',
          headers: { 'retry-after': String(29 * 86_400 + 11 * 3600 + 59 * 60 + 50) },
        },
      },
    ],
  },
];

/** Idempotency-Key (draft-ietf-httpapi-idempotency-key-header). */
export const idempotencyCases: ContractCase[] = [
  {
    name: 'same key and body replays the first response, with no second order',
    purpose: 'idempotency',
    steps: [
      {
        request: post('sandbox', validOrder, { 'idempotency-key': 'idem-1' }),
        expect: { status: 201, headers: { 'idempotent-replayed': null } },
      },
      {
        request: post('sandbox', validOrder, { 'idempotency-key': 'idem-1' }),
        expect: {
          status: 201,
          headers: { 'idempotent-replayed': 'true' },
          check: (res, earlier) => expect(res.body).toEqual(earlier[0]?.body),
        },
      },
    ],
  },
  {
    name: 'the draft sf-string form "…" names the same key',
    purpose: 'idempotency',
    steps: [
      { request: post('sandbox', validOrder, { 'idempotency-key': 'idem-2' }), expect: { status: 201 } },
      {
        request: post('sandbox', validOrder, { 'idempotency-key': '"idem-2"' }),
        expect: { status: 201, check: (res, earlier) => expect(idOf(res)).toBe(idOf(earlier[0])) },
      },
    ],
  },
  {
    name: 'same key, different body is 422 idempotency-key-reused',
    purpose: 'idempotency',
    steps: [
      { request: post('sandbox', validOrder, { 'idempotency-key': 'idem-3' }), expect: { status: 201 } },
      {
        request: post('sandbox', { ...validOrder, customer: 'cus_globex' }, { 'idempotency-key': 'idem-3' }),
        expect: { status: 422, problem: 'idempotency-key-reused' },
      },
    ],
  },
  {
    name: 'a failed request releases its key for a corrected retry',
    purpose: 'idempotency',
    steps: [
      {
        request: post('sandbox', { customer: 'cus_acme', lines: [] }, { 'idempotency-key': 'idem-4' }),
        expect: { status: 422, problem: 'validation-failed' },
      },
      {
        request: post('sandbox', validOrder, { 'idempotency-key': 'idem-4' }),
        expect: { status: 201, headers: { 'idempotent-replayed': null } },
      },
    ],
  },
  {
    name: 'keys are per API key: another key may use the same Idempotency-Key',
    purpose: 'idempotency',
    steps: [
      { request: post('sandbox', validOrder, { 'idempotency-key': 'idem-5' }), expect: { status: 201 } },
      {
        request: post('staging', validOrder, { 'idempotency-key': 'idem-5' }),
        expect: { status: 201, check: (res, earlier) => expect(idOf(res)).not.toBe(idOf(earlier[0])) },
      },
    ],
  },
];

/** Every case, by purpose. */
export const contractCases: Record<ContractCase['purpose'], ContractCase[]> = {
  happy: happyCases,
  error: errorCases,
  security: securityCases,
  'rate-limit': rateLimitCases,
  idempotency: idempotencyCases,
};
