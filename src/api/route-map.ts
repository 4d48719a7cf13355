// Which workspace route a request is: its method, its path matched against the routes' templates
// (`/v2/orders/{order_id}`), and the stage its key's environment reaches (routes are published per
// stage). Read-only data in, a route id out: the request log records it for every answer.
import type { KeyRecord } from './orders/deps.ts';

type Environment = KeyRecord['environment'];

/** A workspace route as the map needs it. */
export interface MappedRoute {
  route_id: string;
  method: string;
  /** A path template such as `/v2/orders/{order_id}`. */
  path: string;
  stage: 'prod' | 'sandbox' | 'staging';
}

/** The stage an environment's keys reach. */
export const stageOf: Record<Environment, MappedRoute['stage']> = {
  production: 'prod',
  sandbox: 'sandbox',
  staging: 'staging',
};

/** Finds a request's route: null when no route of that stage has its method and path. */
export type RouteFinder = (method: string, path: string, environment: Environment | null) => string | null;

/** A route finder over the workspace's routes; exact paths are looked up, templates matched. */
export function routeFinder(routes: readonly MappedRoute[]): RouteFinder {
  // Exact paths by stage, then method: a lookup hashes only the path node:http gave.
  const exact = new Map<string, Map<string, Map<string, string>>>();
  const templated: { method: string; stage: string; pattern: RegExp; route_id: string }[] = [];
  for (const r of routes) {
    if (!r.path.includes('{')) {
      inner(inner(exact, r.stage), r.method).set(r.path, r.route_id);
    } else {
      const source = r.path
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^/]+');
      templated.push({
        method: r.method,
        stage: r.stage,
        pattern: new RegExp(`^${source}$`),
        route_id: r.route_id,
      });
    }
  }
  const find: RouteFinder = (method, path, environment) => {
    if (environment === null) return null;
    const stage = stageOf[environment];
    const query = path.indexOf('?');
    const bare = query === -1 ? path : path.slice(0, query);
    const found = exact.get(stage)?.get(method)?.get(bare);
    if (found !== undefined) return found;
    for (const t of templated)
      if (t.method === method && t.stage === stage && t.pattern.test(bare)) return t.route_id;
    return null;
  };
  // A request's route is asked for up to three times (retirement, notices, the log), and most
  // traffic asks for one path: the last answer is kept.
  let last: { method: string; path: string; environment: Environment | null; route: string | null } = {
    method: '',
    path: '',
    environment: null,
    route: null,
  };
  return (method, path, environment) => {
    if (path === last.path && method === last.method && environment === last.environment) return last.route;
    last = { method, path, environment, route: find(method, path, environment) };
    return last.route;
  };
}

/** The map `outer` holds under `key`, made empty if it has none. */
function inner<V>(outer: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let map = outer.get(key);
  if (map === undefined) outer.set(key, (map = new Map<string, V>()));
  return map;
}
