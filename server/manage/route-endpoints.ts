// The management API's dry run of a route deprecation counts the webhook endpoints it reaches:
// the route's what-if (the workspace's retire figures) gains `webhook_endpoints`, the endpoints of
// its stage subscribed to the events it raises (src/what-if/retire/subscribed-endpoints.ts).
import type { KeyRecord, WebhookStore } from '../../src/api/orders/deps.ts';
import type { ManageDeps } from '../../src/manage/deps.ts';
import {
  environmentOfStage,
  eventsOfRoute,
  subscribedEndpoints,
} from '../../src/what-if/retire/subscribed-endpoints.ts';

/** `whatIfOf` with each route deprecation's subscribed endpoints added. */
export function withRouteEndpoints(
  deps: ManageDeps,
  webhooks: WebhookStore | undefined,
): ManageDeps['whatIfOf'] {
  return async (action, target) => {
    const whatIf = (await deps.whatIfOf?.(action, target)) ?? null;
    const route = target.type === 'route' ? deps.store.current().state.routes.get(target.id) : undefined;
    const environment = route ? environmentOfStage[route.stage] : undefined;
    if (action !== 'route.deprecate' || !route || !webhooks || !environment) return whatIf;
    const label = `${route.method} ${route.path}`;
    const events = eventsOfRoute(label);
    if (events.length === 0) return whatIf;
    const all = await webhooks.list(environment as KeyRecord['environment']);
    const affected = subscribedEndpoints({ label, stage: route.stage }, all);
    return {
      ...whatIf,
      webhook_endpoints: { subscribed: affected.length, events, endpoint_ids: affected.map((e) => e.id) },
    };
  };
}
