// Queries of the Functions screen and a function's detail page.
import type { Workspace } from '../node/db.ts';
import { runOne, runQuery } from './sql-file.ts';
import { consumersById, lookup, type ConsumerRow } from './common.ts';
import { functionRows, routesById, type RouteRow } from './rows.ts';
import { z } from 'zod';

/** The function table itself is a shared reader (rows.ts); the Functions screen reads it from here too. */
export { functionRows, type FunctionRow } from './rows.ts';

/** A route a function serves, with whether it is the route the function backs. */
export interface FunctionRouteRow {
  route: RouteRow;
  is_backed_route: boolean;
}

const functionConsumerEdge = z.object({
  consumer_id: z.string(),
  route_id: z.string(),
  requests_per_day: z.number(),
});
/** A consumer behind a function, through one route (v_function_dependents), named. */
export type FunctionConsumerRow = z.infer<typeof functionConsumerEdge> & {
  consumer: ConsumerRow;
  route: RouteRow;
};

const routeIdRow = z.object({ route_id: z.string() });

const functionDayRow = z.object({
  day: z.string(),
  invocations: z.number(),
  cold_starts: z.number(),
  errors: z.number(),
  p99_ms: z.number(),
});
/** A function's invocations on one day (v_function_daily). */
export type FunctionDayRow = z.infer<typeof functionDayRow>;

const functionStatusRuleRow = z.object({
  function_error_pct: z.number(),
  degraded_error_pct: z.number(),
  degraded_p99_ms: z.number(),
  busy_invocations_per_day: z.number(),
  cold_heavy_pct: z.number(),
});
/** The limits of the one status rule (v_function_status), for the sentence that states it. */
export type FunctionStatusRule = z.infer<typeof functionStatusRuleRow>;

/** The status rule's limits (one row). */
export const functionStatusRule = (db?: Workspace) =>
  runOne(functionStatusRuleRow, 'functions', 'status_rule', {}, db);

/** Every function id (for getStaticPaths). */
export const functionIds = async (db?: Workspace) => (await functionRows(db)).map((r) => r.function_id);
/** One function from the table, or undefined when there is no such function. */
export const functionDetail = async (functionId: string, db?: Workspace) =>
  (await functionRows(db)).find((r) => r.function_id === functionId);
/** The routes a function serves: the one it backs first, then by traffic. */
export async function functionRoutes(functionId: string, db?: Workspace): Promise<FunctionRouteRow[]> {
  const fn = await functionDetail(functionId, db);
  const ids = await runQuery(routeIdRow, 'functions', 'function_routes', { function_id: functionId }, db);
  const routes = await routesById(db);
  return ids
    .map((r) => ({
      route: lookup(routes, r.route_id, 'route'),
      is_backed_route: r.route_id === fn?.route_id,
    }))
    .sort(
      (a, b) =>
        Number(b.is_backed_route) - Number(a.is_backed_route) ||
        b.route.requests_per_day - a.route.requests_per_day,
    );
}

/** The consumers behind a function, named, with the route they reach it through. */
export async function functionConsumers(functionId: string, db?: Workspace): Promise<FunctionConsumerRow[]> {
  const rows = await runQuery(
    functionConsumerEdge,
    'functions',
    'function_consumers',
    { function_id: functionId },
    db,
  );
  const consumers = await consumersById(db);
  const routes = await routesById(db);
  return rows.map((r) => ({
    ...r,
    consumer: lookup(consumers, r.consumer_id, 'consumer'),
    route: lookup(routes, r.route_id, 'route'),
  }));
}

/** A function's invocations per day. */
export const functionDaily = (functionId: string, db?: Workspace) =>
  runQuery(functionDayRow, 'functions', 'function_daily', { function_id: functionId }, db);

/** Everything a function's detail page shows; undefined when there is no such function. */
export async function functionDetailScreen(functionId: string, db?: Workspace) {
  const fn = await functionDetail(functionId, db);
  if (!fn) return undefined;
  return {
    fn,
    routes: await functionRoutes(functionId, db),
    consumers: await functionConsumers(functionId, db),
    daily: await functionDaily(functionId, db),
    statusRule: await functionStatusRule(db),
  };
}
