// The request log screen's state in the URL: its filters and its page cursor. Like the console's
// tables (src/lib/table-state.ts), unknown or malformed values are ignored, defaults are left out of
// the URL, and the same state reads back from the URL it writes.
import type { RequestPageQuery } from '../api/request-log.ts';
import type { CallerKind } from '../lib/caller-kind.ts';
import type { Environment } from '../api/request-record.ts';

/** The filter parameters, in the order the URL writes them. */
export const logParams = ['class', 'status', 'key', 'route', 'caller', 'env', 'since', 'before'] as const;

/** A filter parameter of the log screen. */
export type LogParam = (typeof logParams)[number];

/** The log screen's state: each parameter's accepted value (absent: not filtered). */
export type LogState = Partial<Record<LogParam, string>>;

/** Status classes, as the URL spells them. */
export const statusClasses = { '2xx': 2, '3xx': 3, '4xx': 4, '5xx': 5 } as const;
/** Caller kinds the log can be filtered by. */
export const callerKinds: readonly CallerKind[] = ['human', 'automation', 'assistant'];
/** Environments the log can be filtered by. */
export const logEnvironments: readonly Environment[] = ['production', 'sandbox', 'staging'];
/** Time windows the log can be narrowed to, ending now. */
export const sinceWindows = {
  '15m': 15 * 60_000,
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
} as const;

/** Rows on one page of the log. */
export const logPageSize = 50;

const keyPattern = /^key_[A-Za-z0-9_]{1,64}$/;
/** A route as the URL names it: its method and path template, e.g. `POST /v2/orders`. */
const routePattern = /^(GET|POST|PUT|PATCH|DELETE) \/[A-Za-z0-9_{}/.-]{0,200}$/;
/** A route id, as links written before routes were named by method and path had it. */
const routeIdPattern = /^rt_[A-Za-z0-9_]{1,64}$/;

/** A route's name in the log's URL and filter: method and path template, whatever its stage. */
export function routeName(route: { method: string; path: string }): string {
  return `${route.method} ${route.path}`;
}

/** Whether a `route` value is a route id (an old link), to be read as its method and path. */
export function isRouteId(value: string): boolean {
  return routeIdPattern.test(value);
}

/** The environment whose keys call a stage's routes (the log's `env` filter). */
export const stageEnvironments: Record<string, Environment> = {
  prod: 'production',
  sandbox: 'sandbox',
  staging: 'staging',
};

/** Whether `value` is an accepted value of `param`. */
function accepts(param: LogParam, value: string): boolean {
  switch (param) {
    case 'class':
      return Object.hasOwn(statusClasses, value);
    case 'status':
      return /^[1-5]\d\d$/.test(value);
    case 'key':
      return keyPattern.test(value);
    case 'route':
      return routePattern.test(value) || routeIdPattern.test(value);
    case 'caller':
      return (callerKinds as readonly string[]).includes(value);
    case 'env':
      return (logEnvironments as readonly string[]).includes(value);
    case 'since':
      return Object.hasOwn(sinceWindows, value);
    case 'before':
      return /^[1-9]\d{0,14}$/.test(value);
  }
}

/** Reads the log screen's state from URL parameters; unknown or malformed values are ignored. */
export function parseLogState(params: URLSearchParams): LogState {
  const state: LogState = {};
  for (const param of logParams) {
    const value = params.get(param);
    if (value !== null && accepts(param, value)) state[param] = value;
  }
  return state;
}

/**
 * The log's page query for a state at `nowMs`: the filters, the cursor and the page size. A route
 * named by method and path is every stage's route of that name (`routeIdsOf`, from the workspace).
 */
export function logPageQuery(
  state: LogState,
  nowMs: number,
  routeIdsOf: (name: string) => string[] = () => [],
): RequestPageQuery {
  const query: RequestPageQuery = { limit: logPageSize };
  if (state.class) query.statusClass = statusClasses[state.class as keyof typeof statusClasses];
  if (state.status) query.status = Number(state.status);
  if (state.key) query.keyId = state.key;
  if (state.route && isRouteId(state.route)) query.routeId = state.route;
  else if (state.route) query.routeIds = routeIdsOf(state.route);
  if (state.caller) query.callerKind = state.caller as CallerKind;
  if (state.env) query.environment = state.env as Environment;
  if (state.since) query.fromMs = nowMs - sinceWindows[state.since as keyof typeof sinceWindows];
  if (state.before) query.before = Number(state.before);
  return query;
}

/** The log screen's URL for a state, with `changes` applied (undefined clears a parameter). */
export function logHref(state: LogState, changes: LogState = {}): string {
  const params = new URLSearchParams();
  const next: LogState = { ...state, ...changes };
  for (const param of logParams) {
    const value = next[param];
    if (value !== undefined && value !== '') params.set(param, value);
  }
  const query = params.toString();
  return query ? `/app/api/logs?${query}` : '/app/api/logs';
}

/** Whether any filter (not the cursor) is set. */
export function isFiltered(state: LogState): boolean {
  return logParams.some((param) => param !== 'before' && state[param] !== undefined);
}
