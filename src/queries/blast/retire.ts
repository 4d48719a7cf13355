// The retire-a-route what-if: who still calls the route, the functions left without one, and the
// deprecation headers its callers receive.
import { deprecationHeaders, type DeprecationHeaders } from '../../api/deprecation.ts';
import type { Workspace } from '../../lib/db.ts';
import { runQuery } from '../sql-file.ts';

/** Retire-a-route summary (v_preview_retire_route), dates YYYY-MM-DD. */
export interface RetireSummary {
  route_id: string;
  label: string;
  stage: string;
  deprecated: boolean;
  deprecated_at: string;
  sunset_at: string;
  successor_route_id: string | null;
  successor_label: string | null;
  successor_path: string | null;
  dependents_calling: number;
  requests_per_day: number;
  agent_share_pct: number;
  automation_share_pct: number;
  functions_left_without_route: number;
  blast_score: number;
}

/** A consumer still calling a route. */
export interface RetireDependent {
  consumer_id: string;
  name: string;
  primary_caller_kind: string;
  key_ids: string;
  requests_per_day: number;
  agent_share_pct: number;
}

/** A function serving a route, and whether retiring the route leaves it without one. */
export interface RetireFunction {
  function_id: string;
  name: string;
  status: string;
  left_without_route: boolean;
}

/** The retire what-if of one route, with the headers its callers receive once it is deprecated. */
export interface RetirePreviewData {
  summary: RetireSummary;
  dependents: RetireDependent[];
  functions: RetireFunction[];
  headers: DeprecationHeaders;
}

/** Where callers of a deprecated route read about it: its page in the console. */
export function deprecationInfoUrl(routeId: string): string {
  return `/app/api/routes/${routeId}`;
}

/** Retire-a-route what-if; undefined for an unknown route. */
export async function retirePreview(routeId: string, db?: Workspace): Promise<RetirePreviewData | undefined> {
  const [summary] = await runQuery<RetireSummary>('blast', 'retire_route', { route_id: routeId }, db);
  if (!summary) return undefined;
  const dependents = await runQuery<RetireDependent>(
    'blast',
    'retire_route_dependents',
    { route_id: routeId },
    db,
  );
  const functions = await runQuery<RetireFunction>(
    'blast',
    'retire_route_functions',
    { route_id: routeId },
    db,
  );
  const headers = deprecationHeaders({
    deprecatedAt: summary.deprecated_at,
    sunsetAt: summary.sunset_at,
    successor: summary.successor_path,
    infoUrl: deprecationInfoUrl(routeId),
  });
  return { summary, dependents, functions, headers };
}

/** The deprecation headers of a deprecated prod route (e.g. POST /v1/orders); undefined when none. */
export async function deprecatedRouteHeaders(
  method: string,
  path: string,
  db?: Workspace,
): Promise<DeprecationHeaders | undefined> {
  const [row] = await runQuery<{
    route_id: string;
    deprecated_at: string;
    sunset_at: string | null;
    successor_path: string | null;
  }>('blast', 'deprecated_route', { method, path }, db);
  if (!row) return undefined;
  return deprecationHeaders({
    deprecatedAt: row.deprecated_at,
    sunsetAt: row.sunset_at,
    successor: row.successor_path,
    infoUrl: deprecationInfoUrl(row.route_id),
  });
}
