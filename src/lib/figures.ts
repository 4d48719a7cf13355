// The console's figures by kind: each kind of measure is formatted one way everywhere, from the
// unrounded value the views give (the views do not round; this is the one place a figure is rounded
// for people). Cells and facts showing a figure carry its kind and scope as data attributes, so a
// test can recompute every shown figure from the raw tables.
import { formatCount, formatMs, formatPct } from './format.ts';

/** The kinds of figure the console shows. */
export type FigureKind =
  /** requests per day (traffic_daily), over the scope */
  | 'requests_per_day'
  /** % of the scope's requests from assistant callers (traffic_daily) */
  | 'agent_share_pct'
  /** % of the scope's requests answered 4xx or 5xx (traffic_daily) */
  | 'error_pct'
  /** p99 of edge + origin latency over the scope's log sample; `latency` picks edge or origin only */
  | 'p99_ms'
  /** a function's worst daily p99 (function_daily) */
  | 'function_p99_ms'
  /** % of the log sample from one caller kind */
  | 'sample_share_pct'
  /** % of the log sample answered 4xx or 5xx */
  | 'sample_error_pct';

const formats: Record<FigureKind, (value: number) => string> = {
  requests_per_day: formatCount,
  agent_share_pct: (value) => formatPct(value, 1),
  error_pct: (value) => formatPct(value, 2),
  p99_ms: formatMs,
  function_p99_ms: formatMs,
  sample_share_pct: (value) => formatPct(value, 1),
  sample_error_pct: (value) => formatPct(value, 2),
};

/** A figure as people read it; a missing value (a rate over nothing) is a dash. */
export function formatFigure(kind: FigureKind, value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : formats[kind](value);
}

/** What a figure is measured over: any of a route, key, consumer or function (none: everything). */
export interface FigureScope {
  route?: string;
  key?: string;
  consumer?: string;
  function?: string;
  /** For p99_ms: only the edge or only the origin part of each request. */
  latency?: 'edge' | 'origin';
  /** For sample_share_pct: the caller kind. */
  callerKind?: string;
}

/** The scope of a whole blast target: everything through a key, to a route, or into a function. */
export function targetScope(type: 'key' | 'route' | 'function', id: string): FigureScope {
  return type === 'key' ? { key: id } : type === 'route' ? { route: id } : { function: id };
}

/** The data attributes that tell a test (or a curious reader) what a shown figure measures. */
export function figureAttrs(kind: FigureKind, scope: FigureScope = {}): Record<string, string> {
  const attrs: Record<string, string> = { 'data-figure': kind };
  if (scope.route !== undefined) attrs['data-scope-route'] = scope.route;
  if (scope.key !== undefined) attrs['data-scope-key'] = scope.key;
  if (scope.consumer !== undefined) attrs['data-scope-consumer'] = scope.consumer;
  if (scope.function !== undefined) attrs['data-scope-function'] = scope.function;
  if (scope.latency !== undefined) attrs['data-scope-latency'] = scope.latency;
  if (scope.callerKind !== undefined) attrs['data-scope-caller-kind'] = scope.callerKind;
  return attrs;
}
