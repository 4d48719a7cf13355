// Queries of the Keys screen and a key's detail page. Key values never reach these rows: only
// the display prefix and last four characters (the views hold no material, and no hash leaves SQL).
import type { Workspace } from '../lib/db.ts';
import { runQuery } from './sql-file.ts';
import { consumersById, lookup, type ConsumerRow } from './common.ts';
import { routeRows, type RouteRow } from './routes.ts';

/** Environments in the order the Keys screen separates them. */
export const keyEnvironments = ['production', 'sandbox', 'staging'] as const;

/** A key's environment. */
export type KeyEnvironment = (typeof keyEnvironments)[number];

/** One key of the registry (v_key_stats with its v_blast_score). Timestamps as 'YYYY-MM-DD HH:MM:SS'. */
export interface KeyRow {
  key_id: string;
  name: string;
  environment: KeyEnvironment;
  status: 'active' | 'expiring' | 'revoked' | 'rotated';
  plan: string;
  rpm_budget: number;
  created_at: string;
  expires_at: string | null;
  rotated_at: string | null;
  last_used_at: string | null;
  key_prefix: string;
  key_last4: string;
  days_since_used: number | null;
  is_unused: boolean;
  dependents: number;
  requests_per_day: number;
  routes: number;
  scopes: string[];
  blast_score: number;
  is_high_blast: boolean;
  blast_reason: string;
  /** Keys in this key's environment, and how many of them are unused or a rotation risk. */
  environment_keys: number;
  environment_unused_keys: number;
  environment_rotation_risk_keys: number;
}

/** A consumer that depends on a key (v_key_dependents), named from v_consumer_quota. */
export interface KeyDependentRow {
  consumer_id: string;
  requests_per_day: number;
  primary_caller_kind: string;
  consumer: ConsumerRow;
}

/** A route one of a key's dependents calls with the key (v_route_dependents), named. */
export interface KeyDependentRouteRow {
  consumer_id: string;
  route_id: string;
  requests_per_day: number;
  agent_share_pct: number | null;
  consumer: ConsumerRow;
  route: RouteRow;
}

/** Every key, highest blast first. */
export const keyRows = (db?: Workspace) => runQuery<KeyRow>('keys', 'key_rows', {}, db);
/** Every key id (for getStaticPaths). */
export const keyIds = async (db?: Workspace) => (await keyRows(db)).map((r) => r.key_id);
/** One key from the registry, or undefined when there is no such key. */
export const keyDetail = async (keyId: string, db?: Workspace) =>
  (await keyRows(db)).find((r) => r.key_id === keyId);
/** The consumers that depend on a key, named. */
export async function keyDependents(keyId: string, db?: Workspace): Promise<KeyDependentRow[]> {
  const rows = await runQuery<Omit<KeyDependentRow, 'consumer'>>(
    'keys',
    'key_dependents',
    { key_id: keyId },
    db,
  );
  const consumers = await consumersById(db);
  return rows.map((r) => ({ ...r, consumer: lookup(consumers, r.consumer_id, 'consumer') }));
}

/** The routes a key's dependents call with it, named. */
export async function keyDependentRoutes(keyId: string, db?: Workspace): Promise<KeyDependentRouteRow[]> {
  type Edge = Omit<KeyDependentRouteRow, 'consumer' | 'route'>;
  const rows = await runQuery<Edge>('keys', 'key_dependent_routes', { key_id: keyId }, db);
  const consumers = await consumersById(db);
  const routes = new Map((await routeRows(db)).map((r) => [r.route_id, r]));
  return rows.map((r) => ({
    ...r,
    consumer: lookup(consumers, r.consumer_id, 'consumer'),
    route: lookup(routes, r.route_id, 'route'),
  }));
}

/** Everything a key's detail page shows; undefined when there is no such key. */
export async function keyDetailScreen(keyId: string, db?: Workspace) {
  const key = await keyDetail(keyId, db);
  if (!key) return undefined;
  return { key, dependents: await keyDependents(keyId, db), routes: await keyDependentRoutes(keyId, db) };
}
