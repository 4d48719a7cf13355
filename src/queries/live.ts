// The workspace's side of live calls: each logged request joined to its key and route as the
// workspace knows them (blast score, deprecation), so the log reads against the blast radius.
import type { LoggedRequest } from '../api/request-record.ts';
import type { Workspace } from '../node/db.ts';
import { consumersById, type ConsumerRow } from './common.ts';
import { keysById, routesById, type KeyRow, type RouteRow } from './rows.ts';

/** A logged request with its workspace key, route and consumer (null when the workspace has none). */
export interface AnnotatedRequest {
  request: LoggedRequest;
  key: KeyRow | null;
  route: RouteRow | null;
  consumer: ConsumerRow | null;
}

/** Joins logged requests to the workspace's keys, routes and consumers. */
export async function annotateRequests(rows: LoggedRequest[], db?: Workspace): Promise<AnnotatedRequest[]> {
  if (rows.length === 0) return [];
  const keys = await keysById(db);
  const routes = await routesById(db);
  const consumers = await consumersById(db);
  return rows.map((request) => ({
    request,
    key: request.key_id === null ? null : (keys.get(request.key_id) ?? null),
    route: request.route_id === null ? null : (routes.get(request.route_id) ?? null),
    consumer: request.consumer_id === null ? null : (consumers.get(request.consumer_id) ?? null),
  }));
}
