// The change-a-function what-if: the routes and traffic a function serves and the consumers
// behind them.
import type { Workspace } from '../../node/db.ts';
import type { ChangeConsumerFacts, ChangeRouteFacts, ChangeSetup } from '../../lib/what-if/change.ts';
import { lookup, thresholds } from '../common.ts';
import { overviewFigures } from '../overview.ts';
import { functionsById } from '../rows.ts';
import { runQuery } from '../sql-file.ts';

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
  const [summary] = await runQuery<FunctionSummary>(
    'blast',
    'change_function',
    { function_id: functionId },
    db,
  );
  if (!summary) return undefined;
  const routes = await runQuery<FunctionRoute>(
    'blast',
    'change_function_routes',
    { function_id: functionId },
    db,
  );
  const consumers = await runQuery<FunctionConsumer>(
    'blast',
    'change_function_consumers',
    { function_id: functionId },
    db,
  );
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
