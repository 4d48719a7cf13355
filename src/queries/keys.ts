// Queries of the Keys screen and a key's detail page. Key values never reach these rows: only
// the display prefix and last four characters (the views hold no material, and no hash leaves SQL).
import type { Workspace } from '../node/db.ts';
import { z } from 'zod';
import { runQuery } from './sql-file.ts';
import { consumersById, lookup, type ConsumerRow } from './common.ts';
import { keyRows, routesById, type RouteRow } from './rows.ts';

/** The key registry itself is a shared reader (rows.ts); the Keys screen reads it from here too. */
export { keyEnvironments, keyRows, type KeyEnvironment, type KeyRow } from './rows.ts';

const keyDependentEdge = z.object({
  consumer_id: z.string(),
  requests_per_day: z.number(),
  primary_caller_kind: z.string(),
});
/** A consumer that depends on a key (v_key_dependents), named from v_consumer_quota. */
export type KeyDependentRow = z.infer<typeof keyDependentEdge> & { consumer: ConsumerRow };

const keyDependentRouteEdge = z.object({
  consumer_id: z.string(),
  route_id: z.string(),
  requests_per_day: z.number(),
  agent_share_pct: z.number().nullable(),
});
/** A route one of a key's dependents calls with the key (v_route_dependents), named. */
export type KeyDependentRouteRow = z.infer<typeof keyDependentRouteEdge> & {
  consumer: ConsumerRow;
  route: RouteRow;
};

/** Every key id (for getStaticPaths). */
export const keyIds = async (db?: Workspace) => (await keyRows(db)).map((r) => r.key_id);
/** One key from the registry, or undefined when there is no such key. */
export const keyDetail = async (keyId: string, db?: Workspace) =>
  (await keyRows(db)).find((r) => r.key_id === keyId);
/** The consumers that depend on a key, named. */
export async function keyDependents(keyId: string, db?: Workspace): Promise<KeyDependentRow[]> {
  const rows = await runQuery(keyDependentEdge, 'keys', 'key_dependents', { key_id: keyId }, db);
  const consumers = await consumersById(db);
  return rows.map((r) => ({ ...r, consumer: lookup(consumers, r.consumer_id, 'consumer') }));
}

/** The routes a key's dependents call with it, named. */
export async function keyDependentRoutes(keyId: string, db?: Workspace): Promise<KeyDependentRouteRow[]> {
  const rows = await runQuery(keyDependentRouteEdge, 'keys', 'key_dependent_routes', { key_id: keyId }, db);
  const consumers = await consumersById(db);
  const routes = await routesById(db);
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
