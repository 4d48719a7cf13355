// The retire-a-route what-if, node side: who still calls the route, the functions left without
// one, and the deprecation headers its callers receive; previewRetire is the one call the page and
// the management API's dry run share. Node-only (DuckDB); the arithmetic the browser runs is
// ./outcome.ts.
import { deprecationHeaders, deprecationInfoUrl, type DeprecationHeaders } from '../../api/deprecation.ts';
import type { Workspace } from '../../node/db.ts';
import { lookup, period } from '../../queries/common.ts';
import { blastConstants } from '../../queries/blast/score.ts';
import { keysById } from '../../queries/rows.ts';
import { whatIfSql } from '../query.ts';
import { retireOutcome, type RetireDependentFacts, type RetireOutcome, type RetireSetup } from './outcome.ts';
import { z } from 'zod';

// A caller of the route with its keys as one 'id, id' list (named in TypeScript).
const retireDependentRow = z.object({
  consumer_id: z.string(),
  name: z.string(),
  primary_caller_kind: z.string(),
  key_ids: z.string(),
  requests_per_day: z.number(),
  agent_share_pct: z.number(),
});

const retireSummary = z.object({
  route_id: z.string(),
  label: z.string(),
  stage: z.string(),
  deprecated: z.boolean(),
  deprecated_at: z.string(),
  sunset_at: z.string(),
  successor_route_id: z.string().nullable(),
  successor_label: z.string().nullable(),
  successor_path: z.string().nullable(),
  dependents_calling: z.number(),
  requests_per_day: z.number(),
  agent_share_pct: z.number(),
  automation_share_pct: z.number(),
  functions_left_without_route: z.number(),
  blast_score: z.number(),
});
/** Retire-a-route summary (v_preview_retire_route), dates YYYY-MM-DD. */
export type RetireSummary = z.infer<typeof retireSummary>;

/** A consumer still calling a route, with the keys it calls through, by name. */
export type RetireDependent = RetireDependentFacts;

const retireFunction = z.object({
  function_id: z.string(),
  name: z.string(),
  status: z.string(),
  left_without_route: z.boolean(),
});
/** A function serving a route, and whether retiring the route leaves it without one. */
export type RetireFunction = z.infer<typeof retireFunction>;

/** The retire what-if of one route: the headers its callers receive at the proposed sunset, and the
 * setup the page embeds to answer other sunsets. */
export interface RetirePreviewData {
  summary: RetireSummary;
  dependents: RetireDependent[];
  functions: RetireFunction[];
  headers: DeprecationHeaders;
  setup: RetireSetup;
}

/** Retire-a-route what-if; undefined for an unknown route. */
export async function retirePreview(routeId: string, db?: Workspace): Promise<RetirePreviewData | undefined> {
  const sql = whatIfSql('retire', { route_id: routeId }, db);
  const summary = await sql.first(retireSummary, 'retire_route');
  if (!summary) return undefined;
  const rows = await sql.rows(retireDependentRow, 'retire_route_dependents');
  const keys = await keysById(db);
  const dependents = rows.map(({ key_ids, ...row }) => ({
    ...row,
    keys: key_ids.split(', ').map((id) => ({ key_id: id, name: lookup(keys, id, 'key').name })),
  }));
  const functions = await sql.rows(retireFunction, 'retire_route_functions');
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

/**
 * The retire what-if for a route and a proposed sunset (YYYY-MM-DD; the route's own or the policy's
 * when omitted), as the page computes it: for the console page and the management API's dry run;
 * undefined for an unknown route. An impossible sunset is an outcome with `valid: false`.
 */
export async function previewRetire(
  db: Workspace,
  { routeId, sunset }: { routeId: string; sunset?: string },
): Promise<RetireOutcome | undefined> {
  const data = await retirePreview(routeId, db);
  return data && retireOutcome(data.setup, sunset ?? data.setup.default_sunset);
}
