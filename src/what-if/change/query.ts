// The change-a-function what-if, node side: the routes and traffic a function serves and the
// consumers behind them; previewChange is the one call the page and the management API's dry run
// share. Node-only (DuckDB); the arithmetic the browser runs is ./outcome.ts.
import type { Workspace } from '../../node/db.ts';
import { lookup, thresholds } from '../../queries/common.ts';
import { overviewFigures } from '../../queries/overview.ts';
import { functionsById } from '../../queries/rows.ts';
import { runSqlFile } from '../../queries/sql-file.ts';
import {
  changeOutcome,
  type ChangeConsumerFacts,
  type ChangeOutcome,
  type ChangeRouteFacts,
  type ChangeSetup,
} from './outcome.ts';

const sql = (name: string) => `src/what-if/change/sql/${name}.sql`;

/** Change-a-function summary (v_preview_change_function). */
export interface FunctionSummary {
  function_id: string;
  label: string;
  runtime: string;
  region: string;
  status: string;
  routes_served: number;
  requests_per_day: number;
  agent_share_pct: number;
  consumers: number;
  automation_consumers: number;
  assistant_consumers: number;
  blast_score: number;
}

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
  const [summary] = await runSqlFile<FunctionSummary>(
    sql('change_function'),
    { function_id: functionId },
    db,
  );
  if (!summary) return undefined;
  const params = { function_id: functionId };
  const routes = await runSqlFile<FunctionRoute>(sql('change_function_routes'), params, db);
  const consumers = await runSqlFile<FunctionConsumer>(sql('change_function_consumers'), params, db);
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
