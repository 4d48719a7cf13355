// A small world for contract tests: one key per authentication outcome, a tiny rpm budget and a
// tiny plan quota, a few customers and skus. Shaped like simulator/world (interface A, docs/interfaces.md).
import type { IdGenerator } from '../src/api/orders/deps.ts';
import type { SourceWorld, WorldKey } from '../src/api/orders/world-deps.ts';

/** The fixed instant handler, MSW and server runs share (12:00:10 UTC, 50 s left in the minute). */
export const fixtureNowMs = Date.parse('2026-11-01T12:00:10.000Z');

const material = (env: string, tail: string) => `sk_${env}_${tail.padEnd(24, 'x')}`;

/** Key material of each fixture key, by role. */
export const fixtureKeys = {
  sandbox: material('test', 'Sandbox1'),
  production: material('live', 'Prod1'),
  staging: material('stg', 'Staging1'),
  readOnly: material('test', 'ReadOnly1'),
  writeOnly: material('test', 'WriteOnly1'),
  revoked: material('test', 'Revoked1'),
  rotated: material('test', 'Rotated1'),
  expired: material('test', 'Expired1'),
  expiring: material('test', 'Expiring1'),
  tinyRpm: material('test', 'TinyRpm1'),
  tinyQuota: material('test', 'TinyQuota1'),
  burst: material('test', 'Burst1'),
  fuzz: material('test', 'Fuzz1'),
  hooks: material('stg', 'Hooks1'),
  hooksLive: material('live', 'HooksLive1'),
  unknown: material('test', 'NobodyHasThis'),
} as const;

type Role = keyof typeof fixtureKeys;

function key(
  role: Exclude<Role, 'unknown'>,
  fields: Partial<WorldKey & { material: string }> = {},
): SourceWorld['keys'][number] {
  return {
    key_id: `key_${role}`,
    environment: 'sandbox',
    status: 'active',
    plan: 'Sandbox',
    rpm_budget: 1000,
    scopes: ['orders:write', 'orders:read'],
    expires_at: null,
    material: fixtureKeys[role],
    ...fields,
  };
}

const hookScopes = ['orders:write', 'orders:read', 'events:read', 'webhooks:read', 'webhooks:write'];

/** The fixture world. */
export const fixtureWorld: SourceWorld = {
  plans: [
    { plan: 'Sandbox', quota_requests_per_period: 100_000 },
    { plan: 'Growth', quota_requests_per_period: 1_000_000 },
    { plan: 'Internal', quota_requests_per_period: 2 },
  ],
  keys: [
    key('sandbox'),
    key('production', { environment: 'production', plan: 'Growth' }),
    key('staging', { environment: 'staging' }),
    key('readOnly', { scopes: ['orders:read'] }),
    key('writeOnly', { scopes: ['orders:write'] }),
    key('revoked', { status: 'revoked' }),
    key('rotated', { status: 'rotated' }),
    key('expired', { status: 'expiring', expires_at: '2026-10-01T00:00:00.000Z' }),
    key('expiring', { status: 'expiring', expires_at: '2026-12-01T00:00:00.000Z' }),
    key('tinyRpm', { rpm_budget: 3 }),
    key('tinyQuota', { plan: 'Internal' }),
    key('burst', { rpm_budget: 700 }),
    key('fuzz', { rpm_budget: 1_000_000 }),
    key('hooks', { environment: 'staging', rpm_budget: 1_000_000, scopes: [...hookScopes] }),
    key('hooksLive', { environment: 'production', plan: 'Growth', scopes: [...hookScopes] }),
  ],
  customers: [{ customer_id: 'cus_acme' }, { customer_id: 'cus_globex' }, { customer_id: 'cus_listed' }],
  skus: [{ sku: 'sku_widget' }, { sku: 'sku_gadget' }, { sku: 'sku_gizmo' }],
};

/** Deterministic ids for a fixture run: ord_000001, ord_000002, … and req_000001, … */
export function sequentialIds(): IdGenerator {
  let orders = 0;
  let requests = 0;
  let webhooks = 0;
  let secrets = 0;
  return {
    orderId: () => `ord_${String(++orders).padStart(6, '0')}`,
    requestId: () => `req_${String(++requests).padStart(6, '0')}`,
    webhookId: () => `we_${String(++webhooks).padStart(6, '0')}`,
    webhookSecret: () => `whsec_${btoa(`fixture-secret-${String(++secrets).padStart(9, '0')}`)}`,
  };
}
