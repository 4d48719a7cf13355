// The events and webhooks routes the live Orders API serves (src/api/orders/routes.ts), published on
// prod and sandbox with the scope the live API requires (tests/simulator/world/live-routes.test.ts
// asks the handler). They are added after the rest of the world, from their own random streams, so
// every route, function, key and figure drawn before them stays as it was; no consumer is linked to
// the added routes, so they carry no simulated traffic (docs/decisions.md "Live events routes in
// the simulated surface").
import type { Rng } from '../rng.ts';
import { endpointKey, endpoints, type Endpoint } from './catalog.ts';
import type { Surface } from './surface.ts';
import type { FunctionRow, Method, RouteRow, Stage } from './types.ts';

/** A live route of the events API: its method, path, backing function and scope. */
export type LiveEndpoint = Pick<Endpoint, 'method' | 'path' | 'fn' | 'scope'>;

const live = (method: Method, path: string, fn: string, scope: string): LiveEndpoint => ({
  method,
  path,
  fn,
  scope,
});

/** Every events and webhooks route the live API serves. */
export const liveEventEndpoints: readonly LiveEndpoint[] = [
  live('GET', '/v2/orders/{order_id}/events', 'order-events', 'orders:read'),
  live('GET', '/v2/events', 'event-list', 'events:read'),
  live('GET', '/v2/events/{event_id}', 'event-read', 'events:read'),
  live('POST', '/v2/webhooks', 'webhook-register', 'webhooks:write'),
  live('GET', '/v2/webhooks', 'webhook-list', 'webhooks:read'),
  live('DELETE', '/v2/webhooks/{webhook_id}', 'webhook-delete', 'webhooks:write'),
  live('POST', '/v2/webhooks/{webhook_id}/roll-secret', 'webhook-roll-secret', 'webhooks:write'),
  live('POST', '/v2/webhooks/{webhook_id}/resend', 'webhook-resend', 'webhooks:write'),
  live('POST', '/v2/webhooks/{webhook_id}/recover', 'webhook-recover', 'webhooks:write'),
];

/** The stages each live events route is published on. */
export const liveStages: readonly Stage[] = ['prod', 'sandbox'];

const template = (key: string) => key.replace(/\{[^}]+\}/g, '{}');

/**
 * The scope the workspace publishes `METHOD /path` with (path parameters in any name, or `{}`);
 * the catalog's and this list's must agree where both name the route.
 */
export function publishedScope(operation: string): string | undefined {
  const wanted = template(operation);
  const scopes = new Set(
    [...endpoints, ...liveEventEndpoints]
      .filter((e) => template(endpointKey(e)) === wanted)
      .map((e) => e.scope),
  );
  if (scopes.size > 1) throw new Error(`${operation} is published with several scopes`);
  return [...scopes][0];
}

const stageRegion: Record<Exclude<Stage, 'prod'>, string> = { sandbox: 'us-east-2', staging: 'us-west-2' };

/** Adds the live events routes the surface lacks, each with its own function, in place. */
export function publishLiveRoutes(surface: Surface, rng: Rng, newId: (prefix: string) => string): void {
  const taken = new Set([
    ...surface.routes.map((r) => r.route_id),
    ...surface.functions.map((f) => f.function_id),
  ]);
  const freshId = (prefix: string) => {
    for (;;) {
      const id = newId(prefix);
      if (!taken.has(id)) return id;
    }
  };
  const published = new Set(surface.routes.map((r) => `${r.stage} ${endpointKey(r)}`));
  for (const endpoint of liveEventEndpoints) {
    for (const stage of liveStages) {
      if (published.has(`${stage} ${endpointKey(endpoint)}`)) continue;
      const route: RouteRow = {
        route_id: freshId('rt'),
        method: endpoint.method,
        path: endpoint.path,
        api_version: 'v2',
        stage,
        deprecated: false,
        deprecated_at: null,
        sunset_at: null,
        successor_route_id: null,
      };
      const runtime = rng.weighted(['node', 'go'] as const, (r) => (r === 'node' ? 2 : 1));
      const fn: FunctionRow = {
        function_id: freshId('fn'),
        name: stage === 'prod' ? endpoint.fn : `${endpoint.fn}-${stage}`,
        runtime,
        region: stage === 'prod' ? 'us-east-1' : stageRegion[stage],
        route_id: route.route_id,
        status: 'healthy',
      };
      surface.routes.push(route);
      surface.functions.push(fn);
      surface.routeFunctions.push({ route_id: route.route_id, function_id: fn.function_id });
    }
  }
}
