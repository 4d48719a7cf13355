// The management API's contract as a table: each case runs against a fresh store and ends in one
// answer, whose status, problem code and named fields are the contract. Run on every store kind
// (./contract.test.ts) with the same answers.
import type { ManageDeps } from '../../src/manage/deps.ts';
import { call, managementKey, previewAndApply, type Answer } from './fixture.ts';
import { inputCases } from './input-cases.ts';
import { managementKeyCases } from './management-key-cases.ts';

/** One case: what it does, and what its last answer must be. */
export interface ContractCase {
  name: string;
  run: (deps: ManageDeps, token: string) => Promise<Answer>;
  status: number;
  code?: string;
  /** The JSON Pointers (or query parameters) the problem names, in order. */
  fields?: string[];
}

const post = (path: string, body: Record<string, unknown>) => (deps: ManageDeps, token: string) =>
  previewAndApply(deps, 'POST', path, body, { token }).then((r) => r.applied);
const patch = (path: string, body: Record<string, unknown>) => (deps: ManageDeps, token: string) =>
  previewAndApply(deps, 'PATCH', path, body, { token }).then((r) => r.applied);

/** Every case. */
export const contractCases: ContractCase[] = [
  { name: 'lists keys', run: (d, t) => call(d, 'GET', '/keys', undefined, { token: t }), status: 200 },
  {
    name: 'gets a key',
    run: (d, t) => call(d, 'GET', '/keys/key_prod', undefined, { token: t }),
    status: 200,
  },
  {
    name: 'an unknown key is 404',
    run: (d, t) => call(d, 'GET', '/keys/key_nope', undefined, { token: t }),
    status: 404,
    code: 'not_found',
  },
  { name: 'no credential is 401', run: (d) => call(d, 'GET', '/keys'), status: 401, code: 'unauthenticated' },
  {
    name: 'an API key is not a management key',
    run: (d) => call(d, 'GET', '/keys', undefined, { token: 'sk_live_FixtureFixtureFixture01' }),
    status: 401,
    code: 'invalid_management_key',
  },
  {
    name: 'a key without keys:write cannot revoke',
    run: async (d) => post('/keys/key_prod/revoke', {})(d, await managementKey(d, ['keys:read'])),
    status: 403,
    code: 'insufficient_scope',
  },
  {
    name: 'a cross-site JSON write is refused',
    run: (d, t) =>
      call(
        d,
        'POST',
        '/keys/key_prod/revoke',
        { dry_run: true },
        { token: t, crossSite: 'A cross-site request cannot change anything here' },
      ),
    status: 403,
    code: 'cross_site_request',
  },
  {
    name: 'applying without a preview is 428',
    run: (d, t) => call(d, 'POST', '/keys', { name: 'x' }, { token: t }),
    status: 428,
    code: 'preview_required',
    fields: ['/preview_token'],
  },
  {
    name: 'issues a key (value shown once)',
    run: post('/keys', { name: 'ci bot', environment: 'sandbox', plan: 'Sandbox' }),
    status: 201,
  },
  {
    name: 'every bad field is named',
    run: (d, t) =>
      call(
        d,
        'POST',
        '/keys',
        { name: '', scopes: ['orders:fly'], rpm_budget: 0, dry_run: true },
        { token: t },
      ),
    status: 422,
    code: 'validation_failed',
    fields: ['/name', '/rpm_budget', '/scopes/0'],
  },
  {
    name: 'an unknown field is named',
    run: (d, t) => call(d, 'POST', '/keys', { name: 'x', colour: 'red', dry_run: true }, { token: t }),
    status: 422,
    fields: ['/colour'],
  },
  ...inputCases,
  {
    name: 'malformed JSON is 400',
    run: (d, t) => call(d, 'POST', '/keys', '{"name":', { token: t }),
    status: 400,
    code: 'malformed_json',
  },
  {
    name: 'a body that is not JSON is 415',
    run: (d, t) =>
      call(d, 'POST', '/keys', 'name=x', { token: t, headers: { 'content-type': 'text/plain' } }),
    status: 415,
  },
  {
    name: 'an unknown plan is named',
    run: (d, t) => call(d, 'POST', '/keys', { name: 'x', plan: 'Gold', dry_run: true }, { token: t }),
    status: 422,
    fields: ['/plan'],
  },
  { name: 'updates a key', run: patch('/keys/key_prod', { rpm_budget: 120, name: 'renamed' }), status: 200 },
  {
    name: 'an empty update is refused',
    run: (d, t) => call(d, 'PATCH', '/keys/key_prod', { dry_run: true }, { token: t }),
    status: 422,
  },
  { name: 'revokes a key', run: post('/keys/key_prod/revoke', {}), status: 200 },
  {
    name: 'a revoked key cannot be revoked again',
    run: async (d, t) => {
      await post('/keys/key_prod/revoke', {})(d, t);
      return call(d, 'POST', '/keys/key_prod/revoke', { dry_run: true }, { token: t });
    },
    status: 409,
    code: 'conflict',
  },
  {
    name: 'rolls a key with a preset overlap',
    run: post('/keys/key_prod/roll', { overlap: '7d' }),
    status: 200,
  },
  {
    name: 'rolls a key with an ISO 8601 overlap',
    run: post('/keys/key_sbx/roll', { overlap: 'PT12H' }),
    status: 200,
  },
  {
    name: 'an overlap that is neither is named',
    run: (d, t) => call(d, 'POST', '/keys/key_prod/roll', { overlap: 'P', dry_run: true }, { token: t }),
    status: 422,
    fields: ['/overlap'],
  },
  {
    name: 'a key being rolled cannot be rolled again',
    run: async (d, t) => {
      await post('/keys/key_prod/roll', { overlap: '1h' })(d, t);
      return call(d, 'POST', '/keys/key_prod/roll', { dry_run: true }, { token: t });
    },
    status: 409,
  },
  {
    name: 'a stale preview token is 412',
    run: async (d, t) => {
      const preview = await call(d, 'POST', '/keys/key_prod/revoke', { dry_run: true }, { token: t });
      await patch('/keys/key_prod', { rpm_budget: 10 })(d, t);
      return call(
        d,
        'POST',
        '/keys/key_prod/revoke',
        { preview_token: preview.body.preview_token },
        { token: t },
      );
    },
    status: 412,
    code: 'preview_token_stale',
    fields: ['/preview_token'],
  },
  {
    name: 'a token for another change is refused',
    run: async (d, t) => {
      const preview = await call(
        d,
        'PATCH',
        '/keys/key_prod',
        { rpm_budget: 100, dry_run: true },
        { token: t },
      );
      return call(
        d,
        'PATCH',
        '/keys/key_prod',
        { rpm_budget: 200, preview_token: preview.body.preview_token },
        { token: t },
      );
    },
    status: 422,
    code: 'preview_token_mismatch',
    fields: ['/preview_token'],
  },
  {
    name: 'an Idempotency-Key reused for another body is refused',
    run: async (d, t) => {
      await previewAndApply(
        d,
        'PATCH',
        '/keys/key_prod',
        { rpm_budget: 100 },
        { token: t, headers: { 'idempotency-key': 'k1' } },
      );
      return (
        await previewAndApply(
          d,
          'PATCH',
          '/keys/key_sbx',
          { rpm_budget: 100 },
          { token: t, headers: { 'idempotency-key': 'k1' } },
        )
      ).applied;
    },
    status: 422,
    code: 'idempotency_key_reused',
  },
  {
    name: 'deprecates a route',
    run: post('/routes/rt_v2_get/deprecate', { sunset_at: '2027-03-01', successor_route_id: 'rt_v2_post' }),
    status: 200,
  },
  { name: 'undoes a deprecation', run: post('/routes/rt_v1_post/restore', {}), status: 200 },
  {
    name: 'a route not deprecated cannot be restored',
    run: (d, t) => call(d, 'POST', '/routes/rt_v2_get/restore', { dry_run: true }, { token: t }),
    status: 409,
  },
  {
    name: 'a sunset in the past is named',
    run: (d, t) =>
      call(
        d,
        'POST',
        '/routes/rt_v2_get/deprecate',
        { sunset_at: '2020-01-01', dry_run: true },
        { token: t },
      ),
    status: 422,
    fields: ['/sunset_at'],
  },
  {
    name: 'an unknown successor is named',
    run: (d, t) =>
      call(
        d,
        'POST',
        '/routes/rt_v2_get/deprecate',
        { sunset_at: '2027-03-01', successor_route_id: 'rt_nope', dry_run: true },
        { token: t },
      ),
    status: 422,
    fields: ['/successor_route_id'],
  },
  {
    name: "changes a consumer's plan",
    run: patch('/consumers/con_acme', { plan: 'Sandbox', quota_requests_per_period: 5000 }),
    status: 200,
  },
  {
    name: 'an unknown consumer is 404',
    run: (d, t) => call(d, 'PATCH', '/consumers/con_nope', { plan: 'Sandbox', dry_run: true }, { token: t }),
    status: 404,
  },
  {
    name: 'reads the audit trail',
    run: (d, t) => call(d, 'GET', '/audit?limit=5&actor_type=cli', undefined, { token: t }),
    status: 200,
  },
  {
    name: 'a bad audit filter is named',
    run: (d, t) => call(d, 'GET', '/audit?limit=0&colour=red', undefined, { token: t }),
    status: 422,
    fields: ['colour', 'limit'],
  },
  {
    name: 'a page asked both after one cursor and before another is named',
    run: (d, t) => call(d, 'GET', '/audit?cursor=5&ending_before=3', undefined, { token: t }),
    status: 422,
    fields: ['ending_before'],
  },
  {
    name: 'a method the route lacks is 405',
    run: (d, t) => call(d, 'DELETE', '/keys/key_prod', undefined, { token: t }),
    status: 405,
  },
  {
    name: 'an unknown path is 404',
    run: (d, t) => call(d, 'GET', '/nothing', undefined, { token: t }),
    status: 404,
  },
  { name: 'serves its OpenAPI document', run: (d) => call(d, 'GET', '/openapi.json'), status: 200 },
  ...managementKeyCases,
];
