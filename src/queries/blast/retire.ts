// The retire-a-route what-if: who still calls the route, the functions left without one, and the
// deprecation headers its callers receive.
import { deprecationHeaders, type DeprecationHeaders } from '../../api/deprecation.ts';
import type { Workspace } from '../../node/db.ts';
import type { RetireDependentFacts, RetireSetup } from '../../lib/what-if/retire.ts';
import { lookup, period } from '../common.ts';
import { keysById } from '../rows.ts';
import { runQuery } from '../sql-file.ts';
import { blastConstants } from './score.ts';

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

/** A consumer still calling a route, with the keys it calls through, by name. */
export type RetireDependent = RetireDependentFacts;

/** A function serving a route, and whether retiring the route leaves it without one. */
export interface RetireFunction {
  function_id: string;
  name: string;
  status: string;
  left_without_route: boolean;
}

/** The retire what-if of one route: the headers its callers receive at the proposed sunset, and the
 * setup the page embeds to answer other sunsets. */
export interface RetirePreviewData {
  summary: RetireSummary;
  dependents: RetireDependent[];
  functions: RetireFunction[];
  headers: DeprecationHeaders;
  setup: RetireSetup;
}

/** Where callers of a deprecated route read about it: its page in the console. */
export function deprecationInfoUrl(routeId: string): string {
  return `/app/api/routes/${routeId}`;
}

/** Retire-a-route what-if; undefined for an unknown route. */
export async function retirePreview(routeId: string, db?: Workspace): Promise<RetirePreviewData | undefined> {
  const [summary] = await runQuery<RetireSummary>('blast', 'retire_route', { route_id: routeId }, db);
  if (!summary) return undefined;
  type Row = Omit<RetireDependent, 'keys'> & { key_ids: string };
  const rows = await runQuery<Row>('blast', 'retire_route_dependents', { route_id: routeId }, db);
  const keys = await keysById(db);
  const dependents = rows.map(({ key_ids, ...row }) => ({
    ...row,
    keys: key_ids.split(', ').map((id) => ({ key_id: id, name: lookup(keys, id, 'key').name })),
  }));
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
  const constants = await blastConstants(db);
  const setup: RetireSetup = {
    route_id: routeId,
    as_of: (await period(db)).as_of,
    deprecated: summary.deprecated,
    deprecated_at: summary.deprecated_at,
    default_sunset: summary.sunset_at,
    successor_path: summary.successor_path,
    info_url: deprecationInfoUrl(routeId),
    notice_policy_days: constants.retire_notice_days,
    sunset_soon_days: constants.sunset_soon_days,
    dependents,
  };
  return { summary, dependents, functions, headers, setup };
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
