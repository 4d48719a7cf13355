// The management API's reads: keys, routes, consumers, management keys (their current state) and the audit trail
// (newest first, in cursor pages, filtered by actor, actor type, action, target and time).
import type { PlainResponse } from '../api/orders/plain.ts';
import { json } from '../api/orders/respond.ts';
import { pageOf } from './audit.ts';
import { managementKeyView } from './changes/management-keys.ts';
import { auditQuerySchema, noQuerySchema } from './contract.ts';
import { defaultAuditRetentionDays, type ManageDeps } from './deps.ts';
import { manageProblem } from './problems.ts';
import { isResponse, parsedQuery } from './request.ts';
import { consumerView, keyView, routeView } from './views.ts';

const list = (data: unknown[]) => json(200, { object: 'list', data });

/** Whether a GET names a key or management key this process does not know (yet). */
export function namesUnknown(path: string, params: string[], deps: ManageDeps): boolean {
  const { state } = deps.store.current();
  const [id = ''] = params;
  if (path.startsWith('/keys/')) return !state.keys.has(id);
  if (path.startsWith('/management-keys/')) return !state.managementKeys.has(id);
  return false;
}

/** Answers a GET; `params` are the path's ids. */
export function readRoute(path: string, params: string[], target: string, deps: ManageDeps): PlainResponse {
  const ledger = deps.store.current();
  const { state } = ledger;
  const nowMs = deps.clock.now();
  const [id = ''] = params;
  if (path === '/audit') {
    const query = parsedQuery(target, auditQuerySchema);
    if (isResponse(query)) return query;
    const oldestMs = nowMs - (deps.retentionDays ?? defaultAuditRetentionDays) * 86_400_000;
    const page = pageOf(ledger.entries, query, oldestMs);
    return json(200, {
      object: 'list',
      data: page.entries,
      next_cursor: page.next_cursor,
      previous_cursor: page.previous_cursor,
    });
  }
  // The other reads take no parameters: one given (a filter they do not have) is refused, not
  // ignored with every item answered as if it had filtered.
  const none = parsedQuery(target, noQuerySchema);
  if (isResponse(none)) return none;
  if (path === '/management-keys') return list([...state.managementKeys.values()].map(managementKeyView));
  if (path.startsWith('/management-keys/')) {
    const key = state.managementKeys.get(id);
    return key ? json(200, managementKeyView(key)) : manageProblem('not-found', `No management key ${id}`);
  }
  if (path === '/keys') return list([...state.keys.values()].map((key) => keyView(key, state, nowMs)));
  if (path === '/routes') return list([...state.routes.values()].map(routeView));
  if (path === '/consumers') return list([...state.consumers.values()].map(consumerView));
  if (path.startsWith('/keys/')) {
    const key = state.keys.get(id);
    return key ? json(200, keyView(key, state, nowMs)) : manageProblem('not-found', `No key ${id}`);
  }
  if (path.startsWith('/routes/')) {
    const route = state.routes.get(id);
    return route ? json(200, routeView(route)) : manageProblem('not-found', `No route ${id}`);
  }
  const consumer = state.consumers.get(id);
  return consumer ? json(200, consumerView(consumer)) : manageProblem('not-found', `No consumer ${id}`);
}
