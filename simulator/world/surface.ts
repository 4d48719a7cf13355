// Routes (each endpoint published per stage) and the functions that serve them.
import type { Rng } from '../rng.ts';
import { deprecations, endpointKey, endpoints, sharedFunctions } from './catalog.ts';
import { DEGRADED_FUNCTION, ERRORING_FUNCTION } from './stories.ts';
import type { FunctionRow, RouteFunctionRow, RouteRow, Stage } from './types.ts';

/** Routes, functions and the route → function mapping. */
export interface Surface {
  routes: RouteRow[];
  functions: FunctionRow[];
  routeFunctions: RouteFunctionRow[];
}

const stageRegion: Record<Exclude<Stage, 'prod'>, string> = { sandbox: 'us-east-2', staging: 'us-west-2' };

/** Publishes every endpoint on its stages and deploys a function behind each route. */
export function buildSurface(
  rng: Rng,
  newId: (prefix: string) => string,
  day: (daysFromAsOf: number) => string,
): Surface {
  const routes: RouteRow[] = [];
  const byKey = new Map<string, RouteRow>();
  for (const endpoint of endpoints) {
    for (const stage of ['prod', ...endpoint.alsoOn] as Stage[]) {
      const route: RouteRow = {
        route_id: newId('rt'),
        method: endpoint.method,
        path: endpoint.path,
        api_version: endpoint.path.slice(1, 3) as RouteRow['api_version'],
        stage,
        deprecated: false,
        deprecated_at: null,
        sunset_at: null,
        successor_route_id: null,
      };
      routes.push(route);
      byKey.set(`${stage} ${endpointKey(endpoint)}`, route);
    }
  }
  const prodRoute = (key: string): RouteRow => {
    const route = byKey.get(`prod ${key}`);
    if (!route) throw new Error(`No prod route ${key}`);
    return route;
  };
  for (const deprecation of deprecations) {
    const route = prodRoute(deprecation.from);
    route.deprecated = true;
    route.deprecated_at = day(-deprecation.announcedDaysAgo);
    route.sunset_at = day(deprecation.sunsetInDays);
    route.successor_route_id = prodRoute(deprecation.to).route_id;
  }

  const functions: FunctionRow[] = [];
  const routeFunctions: RouteFunctionRow[] = [];
  for (const route of routes) {
    const endpoint = endpoints.find((candidate) => endpointKey(candidate) === endpointKey(route));
    if (!endpoint) throw new Error(`No endpoint for ${endpointKey(route)}`);
    const runtime = rng.weighted(
      ['node', 'go', 'python', 'edge'] as const,
      (r) => ({ node: 45, go: 20, python: 20, edge: 15 })[r],
    );
    const region =
      runtime === 'edge'
        ? 'global-edge'
        : route.stage === 'prod'
          ? rng.weighted(['us-east-1', 'eu-west-1', 'ap-southeast-2'], (r) =>
              r === 'us-east-1' ? 5 : r === 'eu-west-1' ? 3 : 2,
            )
          : stageRegion[route.stage];
    const isProd = route.stage === 'prod';
    const fn: FunctionRow = {
      function_id: newId('fn'),
      name: isProd ? endpoint.fn : `${endpoint.fn}-${route.stage}`,
      runtime,
      region,
      route_id: route.route_id,
      status:
        isProd && endpoint.fn === DEGRADED_FUNCTION
          ? 'degraded'
          : isProd && endpoint.fn === ERRORING_FUNCTION
            ? 'erroring'
            : 'healthy',
    };
    functions.push(fn);
    routeFunctions.push({ route_id: route.route_id, function_id: fn.function_id });
  }
  for (const shared of sharedFunctions) {
    const served = shared.serves.map(prodRoute);
    const fn: FunctionRow = {
      function_id: newId('fn'),
      name: shared.name,
      runtime: shared.runtime,
      region: shared.runtime === 'edge' ? 'global-edge' : 'us-east-1',
      route_id: (served[0] as RouteRow).route_id,
      status: 'healthy',
    };
    functions.push(fn);
    for (const route of served)
      routeFunctions.push({ route_id: route.route_id, function_id: fn.function_id });
  }
  return { routes, functions, routeFunctions };
}
