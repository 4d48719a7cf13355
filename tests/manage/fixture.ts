// A small world for the management API's tests: two workspace keys (material known), three routes
// and a consumer, stores to run it on (memory, or the embedded journal in a scratch folder), a
// management key, and a `call` that speaks plain data to the handler.
import { createHmac, hash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Principal } from '../../src/manage/actor.ts';
import type { ManageDeps } from '../../src/manage/deps.ts';
import { handleManage } from '../../src/manage/handler.ts';
import { MemoryManageStore, type ManageStore } from '../../src/manage/ledger.ts';
import { unrefusedKey, type ManageSeed, type ManagedKey } from '../../src/manage/state.ts';
import { JournalManageStore } from '../../server/manage/journal-store.ts';

/** Hex SHA-256. */
export const sha = (text: string) => hash('sha256', text, 'hex');

/** Material of the fixture's production key. */
export const prodMaterial = 'sk_live_FixtureFixtureFixture01';

const key = (id: string, material: string, environment: ManagedKey['environment']): ManagedKey => ({
  key_id: id,
  name: `${id} name`,
  environment,
  base_status: 'active',
  plan: 'Growth',
  rpm_budget: 600,
  scopes: ['orders:read', 'orders:write'],
  expires_at: null,
  quota_orders_per_month: null,
  created_at: '2026-10-01T00:00:00.000Z',
  key_prefix: material.slice(0, 7),
  key_last4: material.slice(-4),
  key_hash_sha256: sha(material),
  consumer_id: 'con_acme',
  source: 'workspace',
  replaces: null,
  ...unrefusedKey,
});

/** The seed every test starts from. */
export function fixtureSeed(): ManageSeed {
  return {
    keys: [
      key('key_prod', prodMaterial, 'production'),
      key('key_sbx', 'sk_test_FixtureFixtureFixture02', 'sandbox'),
    ],
    routes: [
      {
        route_id: 'rt_v2_post',
        method: 'POST',
        path: '/v2/orders',
        stage: 'prod',
        deprecated: false,
        deprecated_at: null,
        sunset_at: null,
        successor_route_id: null,
        changed_by: null,
      },
      {
        route_id: 'rt_v2_get',
        method: 'GET',
        path: '/v2/orders',
        stage: 'prod',
        deprecated: false,
        deprecated_at: null,
        sunset_at: null,
        successor_route_id: null,
        changed_by: null,
      },
      {
        route_id: 'rt_v1_post',
        method: 'POST',
        path: '/v1/orders',
        stage: 'prod',
        deprecated: true,
        deprecated_at: '2026-09-01',
        sunset_at: '2027-01-31',
        successor_route_id: 'rt_v2_post',
        changed_by: null,
      },
    ],
    consumers: [{ consumer_id: 'con_acme', name: 'Acme', plan: 'Growth', quota_requests_per_period: 100000 }],
    plans: [
      { plan: 'Sandbox', rpm_budget: 60, quota_orders_per_month: 1000 },
      { plan: 'Growth', rpm_budget: 600, quota_orders_per_month: 50000 },
    ],
  };
}

/** The kinds of store the contract runs on. */
export type StoreKind = 'memory' | 'journal';

/** A fresh store of a kind (the journal in a new scratch folder). */
export function freshStore(
  kind: StoreKind,
  file = join(mkdtempSync(join(tmpdir(), 'manage-')), 'journal.jsonl'),
): ManageStore {
  return kind === 'memory'
    ? new MemoryManageStore(fixtureSeed(), sha)
    : new JournalManageStore(file, fixtureSeed(), sha);
}

/** Deps over a store; the clock is fixed unless given. */
export function depsOver(
  store: ManageStore,
  now: () => number = () => Date.parse('2026-11-26T12:00:00Z'),
): ManageDeps {
  return {
    store,
    sha256: sha,
    hmac: (text) => createHmac('sha256', 'test-secret').update(text).digest('base64url'),
    clock: { now },
    blastOf: (target) =>
      target.id === 'key_prod'
        ? { score: 72, dependents: 3, requests_per_day: 1200 }
        : { score: 0, dependents: 0, requests_per_day: 0 },
  };
}

export { managementKey } from '../../harness/management-key.ts';

/** A management API answer, its body parsed. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** Options of one call. */
export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  crossSite?: string | null;
  principal?: Principal;
}

/** Every call's method and path, in order (the OpenAPI test reads the last). */
export const calls: { method: string; path: string }[] = [];

/** Calls the handler with plain data. */
export async function call(
  deps: ManageDeps,
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...options.headers,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  calls.push({ method, path });
  const response = await handleManage(
    {
      method,
      path: `/manage/v1${path}`,
      headers,
      body:
        body === undefined
          ? null
          : typeof body === 'string' || body instanceof Uint8Array
            ? body
            : JSON.stringify(body),
      sourceAddress: '127.0.0.1',
      crossSite: options.crossSite ?? null,
      ...(options.principal ? { principal: options.principal } : {}),
    },
    deps,
  );
  return {
    status: response.status,
    headers: response.headers,
    body: JSON.parse(response.body) as Record<string, unknown>,
  };
}

/** Previews a change, then applies it with the preview's token. */
export async function previewAndApply(
  deps: ManageDeps,
  method: string,
  path: string,
  body: Record<string, unknown>,
  options: CallOptions = {},
) {
  const preview = await call(deps, method, path, { ...body, dry_run: true }, options);
  if (preview.status !== 200) return { preview, applied: preview };
  const applied = await call(
    deps,
    method,
    path,
    { ...body, preview_token: preview.body.preview_token },
    options,
  );
  return { preview, applied };
}
