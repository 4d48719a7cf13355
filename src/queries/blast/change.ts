// The change-a-function what-if: the routes and traffic a function serves and the consumers
// behind them.
import type { Workspace } from '../../lib/db.ts';
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
export interface FunctionRoute {
  route_id: string;
  label: string;
  stage: string;
  deprecated: boolean;
  dependents: number;
  requests_per_day: number;
}

/** A consumer behind a function's routes. */
export interface FunctionConsumer {
  consumer_id: string;
  name: string;
  primary_caller_kind: string;
  routes: number;
  requests_per_day: number;
}

/** The change what-if of one function. */
export interface FunctionPreviewData {
  summary: FunctionSummary;
  routes: FunctionRoute[];
  consumers: FunctionConsumer[];
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
  return { summary, routes, consumers };
}
