// The console's figures recomputed from the raw tables (never from the views the pages read), each
// for the scope a shown figure declares (src/lib/figures.ts): the expected text of every figure.
import type { Workspace } from '../../src/node/db.ts';
import { formatFigure, type FigureKind } from '../../src/lib/figures.ts';

/** A shown figure as the page declares it: its kind, its scope attributes and its text. */
export interface ShownFigure {
  kind: FigureKind;
  scope: Record<string, string>;
  text: string;
}

interface TrafficRow {
  route_id: string;
  key_id: string;
  consumer_id: string;
  requests: number;
  assistant: number;
  errors: number;
}

/** Everything needed to recompute a figure, read once from the raw tables. */
export interface RawFacts {
  days: number;
  traffic: TrafficRow[];
  /** function id → the routes it serves (route_functions plus the route it backs) */
  functionRoutes: Map<string, Set<string>>;
  /** p99 of the log sample: by route (edge + origin), and overall for '', 'edge', 'origin' */
  p99: Map<string, number>;
  functionWorstP99: Map<string, number>;
  sampleShare: Map<string, number>;
  sampleErrorPct: number | null;
}

/** Reads the raw tables: traffic_daily, log_sample, function_daily, route_functions, functions. */
export async function readRawFacts(ws: Workspace): Promise<RawFacts> {
  const [{ days } = { days: 0 }] = await ws.query<{ days: number }>(
    'select days::INTEGER as days from workspace',
  );
  const traffic = await ws.query<TrafficRow>(
    `select route_id, key_id, consumer_id, sum(requests)::DOUBLE as requests,
       sum(requests_assistant)::DOUBLE as assistant, sum(status_4xx + status_5xx)::DOUBLE as errors
     from traffic_daily group by all`,
  );
  const served = await ws.query<{ function_id: string; route_id: string }>(
    `select function_id, route_id from route_functions union select function_id, route_id from functions`,
  );
  const functionRoutes = new Map<string, Set<string>>();
  for (const { function_id, route_id } of served) {
    functionRoutes.set(function_id, (functionRoutes.get(function_id) ?? new Set()).add(route_id));
  }
  const p99Rows = await ws.query<{ scope: string; p99: number }>(
    `select 'route:' || route_id as scope, quantile_disc(edge_ms + origin_ms, 0.99) as p99 from log_sample group by route_id
     union all select 'all', quantile_disc(edge_ms + origin_ms, 0.99) from log_sample
     union all select 'edge', quantile_disc(edge_ms, 0.99) from log_sample
     union all select 'origin', quantile_disc(origin_ms, 0.99) from log_sample`,
  );
  const worst = await ws.query<{ function_id: string; p99: number }>(
    'select function_id, max(p99_ms) as p99 from function_daily group by all',
  );
  const shares = await ws.query<{ caller_kind: string; share: number }>(
    `select caller_kind, count(*) * 100.0 / sum(count(*)) over () as share from log_sample group by all`,
  );
  const [errorRate] = await ws.query<{ pct: number | null }>(
    `select count(*) filter (where status >= 400) * 100.0 / nullif(count(*), 0) as pct from log_sample`,
  );
  return {
    days,
    traffic,
    functionRoutes,
    p99: new Map(p99Rows.map((r) => [r.scope, r.p99])),
    functionWorstP99: new Map(worst.map((r) => [r.function_id, r.p99])),
    sampleShare: new Map(shares.map((r) => [r.caller_kind, r.share])),
    sampleErrorPct: errorRate?.pct ?? null,
  };
}

/** The unrounded value of a figure for its scope; null where the measure is a rate over nothing. */
export function expectedValue(facts: RawFacts, figure: Omit<ShownFigure, 'text'>): number | null {
  const { route, key, consumer, function: fn, latency } = figure.scope;
  if (figure.kind === 'p99_ms') {
    const found = facts.p99.get(route !== undefined ? `route:${route}` : (latency ?? 'all'));
    return found ?? null;
  }
  if (figure.kind === 'function_p99_ms')
    return fn === undefined ? null : (facts.functionWorstP99.get(fn) ?? null);
  if (figure.kind === 'sample_share_pct') return facts.sampleShare.get(figure.scope.callerKind ?? '') ?? 0;
  if (figure.kind === 'sample_error_pct') return facts.sampleErrorPct;
  const routes = fn === undefined ? undefined : (facts.functionRoutes.get(fn) ?? new Set<string>());
  let requests = 0;
  let assistant = 0;
  let errors = 0;
  for (const row of facts.traffic) {
    if (route !== undefined && row.route_id !== route) continue;
    if (key !== undefined && row.key_id !== key) continue;
    if (consumer !== undefined && row.consumer_id !== consumer) continue;
    if (routes !== undefined && !routes.has(row.route_id)) continue;
    requests += row.requests;
    assistant += row.assistant;
    errors += row.errors;
  }
  if (figure.kind === 'requests_per_day') return requests / facts.days;
  if (requests === 0) return null;
  return figure.kind === 'agent_share_pct' ? (assistant * 100) / requests : (errors * 100) / requests;
}

/** The text a figure should show: its unrounded value, formatted once. */
export function expectedText(facts: RawFacts, figure: Omit<ShownFigure, 'text'>): string {
  return formatFigure(figure.kind, expectedValue(facts, figure));
}
