// What the request log screen reads per request: one page of the running API's log under the URL's
// filters, joined to the workspace, and the keys the log has seen (for the key filter).
import type { LoggedRequest } from '../api/request-record.ts';
import type { Workspace } from '../node/db.ts';
import { annotateRequests, type AnnotatedRequest } from '../queries/live.ts';
import { keysById, routeRows } from '../queries/rows.ts';
import { issuedKeyNames } from './live-calls.ts';
import { isRouteId, logPageQuery, routeName, stageEnvironments, type LogState } from './log-query.ts';
import { liveSource, type LiveSource } from './source.ts';

/** One page of the log screen. */
export interface LogScreen {
  source: LiveSource;
  rows: AnnotatedRequest[];
  /** Requests in the whole log that match the filters. */
  matched: number;
  /** The cursor of the next (older) page; null on the last page. */
  next: number | null;
  /** Every key the log has seen, named, for the key filter. */
  keyOptions: { value: string; label: string }[];
  /** Every route of the workspace by method and path (one per name, whatever its stages). */
  routeOptions: { value: string; label: string }[];
  issuedNames: Map<string, string>;
}

/** The page of the log the state asks for at `nowMs`; null when no live API runs. */
export async function logScreen(state: LogState, nowMs: number, db?: Workspace): Promise<LogScreen | null> {
  const source = liveSource();
  if (!source) return null;
  const routes = await routeRows(db);
  const routeIdsOf = (name: string) => routes.filter((r) => routeName(r) === name).map((r) => r.route_id);
  const page = await source.log.page(logPageQuery(state, nowMs, routeIdsOf));
  const routeOptions = [...new Set(routes.map(routeName))]
    .sort((a, b) => a.slice(a.indexOf(' ')).localeCompare(b.slice(b.indexOf(' '))) || a.localeCompare(b))
    .map((name) => ({ value: name, label: name }));
  const issuedNames = issuedKeyNames(source);
  const keys = await keysById(db);
  const seen = (await source.log.keyActivity()).map((a) => a.keyId);
  if (state.key && !seen.includes(state.key)) seen.push(state.key);
  const keyOptions = seen
    .map((id) => ({ value: id, label: keys.get(id)?.name ?? issuedNames.get(id) ?? id }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return {
    source,
    rows: await annotateRequests(page.rows, db),
    matched: page.matched,
    next: page.next,
    keyOptions,
    routeOptions,
    issuedNames,
  };
}

/**
 * The state an old link means: a `route` given by id reads as that route's method and path, with
 * its stage's environment (unless the link chose one). Undefined when the state needs no change.
 */
export async function readableLogState(state: LogState, db?: Workspace): Promise<LogState | undefined> {
  if (!state.route || !isRouteId(state.route)) return undefined;
  const route = (await routeRows(db)).find((r) => r.route_id === state.route);
  if (!route) return { ...state, route: undefined };
  return { ...state, route: routeName(route), env: state.env ?? stageEnvironments[route.stage] };
}

/** The log's entry for a Request-Id typed into the search box (with or without `req_`). */
export async function searchRequest(text: string): Promise<{ requestId: string; found: boolean } | null> {
  const source = liveSource();
  if (!source) return null;
  const trimmed = text.trim();
  const requestId = trimmed.startsWith('req_') ? trimmed : `req_${trimmed}`;
  const found = /^req_[A-Za-z0-9]{1,64}$/.test(requestId) && (await source.log.find(requestId)) !== undefined;
  return { requestId: requestId.slice(0, 80), found };
}

/** One logged request, joined to the workspace; null when no live API runs, undefined when not logged. */
export async function loggedRequest(
  requestId: string,
  db?: Workspace,
): Promise<{ entry: AnnotatedRequest | undefined; issuedNames: Map<string, string> } | null> {
  const source = liveSource();
  if (!source) return null;
  const found: LoggedRequest | undefined = /^req_[A-Za-z0-9]{1,64}$/.test(requestId)
    ? await source.log.find(requestId)
    : undefined;
  const [entry] = found ? await annotateRequests([found], db) : [];
  return { entry, issuedNames: issuedKeyNames(source) };
}
