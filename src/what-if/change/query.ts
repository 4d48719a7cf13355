// The change-a-function what-if, node side: the routes and traffic a function serves and the
// consumers behind them; previewChange is the one call the page and the management API's dry run
// share. Node-only (DuckDB); the arithmetic the browser runs is ./outcome.ts.
import type { Workspace } from '../../node/db.ts';
import { lookup, thresholds } from '../../queries/common.ts';
import { overviewFigures } from '../../queries/overview.ts';
import { functionsById } from '../../queries/rows.ts';
import { whatIfSql } from '../query.ts';
import {
  changeOutcome,
  type ChangeConsumerFacts,
  type ChangeOutcome,
  type ChangeRouteFacts,
  type ChangeSetup,
} from './outcome.ts';
import { z } from 'zod';

const changeRouteRow = z.object({
  route_id: z.string(),
  label: z.string(),
  stage: z.string(),
  deprecated: z.boolean(),
  dependents: z.number(),
  requests_per_day: z.number(),
}) satisfies z.ZodType<ChangeRouteFacts>;
const changeConsumerRow = z.object({
  consumer_id: z.string(),
  name: z.string(),
  primary_caller_kind: z.string(),
  routes: z.number(),
  requests_per_day: z.number(),
}) satisfies z.ZodType<ChangeConsumerFacts>;

const functionSummary = z.object({
  function_id: z.string(),
  label: z.string(),
  runtime: z.string(),
  region: z.string(),
  status: z.string(),
  routes_served: z.number(),
  requests_per_day: z.number(),
  agent_share_pct: z.number(),
  consumers: z.number(),
  automation_consumers: z.number(),
  assistant_consumers: z.number(),
  blast_score: z.number(),
});
/** Change-a-function summary (v_preview_change_function). */
export type FunctionSummary = z.infer<typeof functionSummary>;

/** A route a function serves. */
export type FunctionRoute = ChangeRouteFacts;

/** A consumer behind a function's routes. */
export type FunctionConsumer = ChangeConsumerFacts;

/** The change what-if of one function. */
export interface FunctionPreviewData {
  summary: FunctionSummary;
  routes: FunctionRoute[];
  consumers: FunctionConsumer[];
  /** What the page embeds to answer the what-if for any proposed change. */
  setup: ChangeSetup;
}

/** Change-a-function what-if; undefined for an unknown function. */
export async function functionPreview(
  functionId: string,
  db?: Workspace,
): Promise<FunctionPreviewData | undefined> {
  const sql = whatIfSql('change', { function_id: functionId }, db);
  const summary = await sql.first(functionSummary, 'change_function');
  if (!summary) return undefined;
  const routes = await sql.rows(changeRouteRow, 'change_function_routes');
  const consumers = await sql.rows(changeConsumerRow, 'change_function_consumers');
  const fn = lookup(await functionsById(db), functionId, 'function');
  const setup: ChangeSetup = {
    function_id: functionId,
    current_error_pct: fn.error_pct,
    requests_per_day: summary.requests_per_day,
    routes,
    consumers,
    estate_requests_per_day: (await overviewFigures(db)).requests_per_day,
    availability_target_pct: (await thresholds(db)).availability_target_pct,
  };
  return { summary, routes, consumers, setup };
}

/**
 * The change what-if for a function: its new version fails `errorPct` % of invocations and takes
 * `rolloutPct` % of its traffic (both 0–100), as the page computes it: for the console page and the
 * management API's dry run; undefined for an unknown function.
 */
export async function previewChange(
  db: Workspace,
  { functionId, errorPct, rolloutPct }: { functionId: string; errorPct: number; rolloutPct: number },
): Promise<ChangeOutcome | undefined> {
  const data = await functionPreview(functionId, db);
  return data && changeOutcome(data.setup, errorPct, rolloutPct);
}
