// Queries of the Keys screen and a key's detail page. Key values never reach these rows: only
// the display prefix and last four characters (the views hold no material, and no hash leaves SQL).
import type { Workspace } from '../lib/db.ts';
import { runMaybe, runQuery } from './sql-file.ts';

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
  blast_score: number;
  is_high_blast: boolean;
}

/** One key with its scopes and why its blast score ranks. */
export interface KeyDetailRow extends KeyRow {
  scopes: string[];
  blast_reason: string;
}

/** A consumer that depends on a key (v_key_dependents with v_consumer_quota). */
export interface KeyDependentRow {
  consumer_id: string;
  name: string;
  consumer_type: string;
  plan: string;
  primary_caller_kind: string;
  requests_per_day: number;
  quota_burn_pct: number | null;
  is_at_risk: boolean;
}

/** A route one of a key's dependents calls with the key (v_route_dependents). */
export interface KeyDependentRouteRow {
  consumer_id: string;
  consumer_name: string;
  route_id: string;
  method: string;
  path: string;
  stage: string;
  requests_per_day: number;
  agent_share_pct: number | null;
}

/** Keys per environment (only environments that have keys). */
export interface KeyEnvironmentCountsRow {
  environment: KeyEnvironment;
  keys: number;
  unused_keys: number;
  rotation_risk_keys: number;
}

/** Every key, highest blast first. */
export const keyRows = (db?: Workspace) => runQuery<KeyRow>('keys', 'key_rows', {}, db);
/** Keys per environment, unused and rotation-risk counts included. */
export const keyEnvironmentCounts = (db?: Workspace) =>
  runQuery<KeyEnvironmentCountsRow>('keys', 'key_environment_counts', {}, db);
/** Every key id (for getStaticPaths). */
export const keyIds = async (db?: Workspace) =>
  (await runQuery<{ key_id: string }>('keys', 'key_ids', {}, db)).map((r) => r.key_id);
/** One key, or undefined when there is no such key. */
export const keyDetail = (keyId: string, db?: Workspace) =>
  runMaybe<KeyDetailRow>('keys', 'key_detail', { key_id: keyId }, db);
/** The consumers that depend on a key. */
export const keyDependents = (keyId: string, db?: Workspace) =>
  runQuery<KeyDependentRow>('keys', 'key_dependents', { key_id: keyId }, db);
/** The routes a key's dependents call with it. */
export const keyDependentRoutes = (keyId: string, db?: Workspace) =>
  runQuery<KeyDependentRouteRow>('keys', 'key_dependent_routes', { key_id: keyId }, db);

/** Everything a key's detail page shows; undefined when there is no such key. */
export async function keyDetailScreen(keyId: string, db?: Workspace) {
  const key = await keyDetail(keyId, db);
  if (!key) return undefined;
  return { key, dependents: await keyDependents(keyId, db), routes: await keyDependentRoutes(keyId, db) };
}
