// Arbitrary management API requests for the fuzz tests (the handler's and the live server's).
import fc from 'fast-check';

const ids = fc.constantFrom(
  'key_prod',
  'key_sbx',
  'key_nope',
  'rt_v2_get',
  'rt_v1_post',
  'con_acme',
  '',
  '%00',
  'a/b',
  '..',
);
const paths = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('/keys/', '/routes/', '/consumers/'),
      ids,
      fc.constantFrom('', '/revoke', '/roll', '/deprecate', '/restore', '/x'),
    )
    .map((p) => p.join('')),
  fc.constantFrom('/keys', '/routes', '/consumers', '/audit', '/openapi.json', '', '/'),
  fc.string({ maxLength: 30 }).map((s) => `/${s}`),
);
const query = fc.option(
  fc.dictionary(
    fc.constantFrom('limit', 'cursor', 'actor', 'actor_type', 'action', 'target', 'since', 'until', 'x'),
    fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String)),
  ),
  { nil: undefined },
);
const value = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }),
);
const fields = fc.constantFrom(
  'name',
  'environment',
  'plan',
  'rpm_budget',
  'quota_orders_per_month',
  'scopes',
  'expires_at',
  'overlap',
  'sunset_at',
  'successor_route_id',
  'quota_requests_per_period',
  'dry_run',
  'preview_token',
  'x',
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.dictionary(fields, value).map((o) => ({ ...o, dry_run: true })),
  fc.dictionary(fields, value),
  fc.string({ maxLength: 40 }),
  fc.jsonValue().map((v) => JSON.stringify(v)),
);
/** A management request: method, path, query, body, credential, Idempotency-Key. */
export const requests = fc.record({
  method: fc.constantFrom('GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS'),
  path: paths,
  query,
  body,
  authorised: fc.boolean(),
  idempotencyKey: fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
});
