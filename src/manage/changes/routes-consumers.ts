// Route and consumer changes: deprecate a route (sunset and successor) or undo it; change a
// consumer's plan or quota.
import type { ChangeConsumer, DeprecateRoute } from '../contract.ts';
import { fieldProblem, manageProblem } from '../problems.ts';
import { consumerView, routeView } from '../views.ts';
import type { Planned, PlanContext } from './plan.ts';

/** A date (midnight UTC) or a date-time, as an ISO instant. */
const instantOf = (value: string) =>
  new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value).toISOString();

const routeName = (route: { method: string; path: string; stage: string }) =>
  `${route.method} ${route.path} (${route.stage})`;

/** POST /routes/{id}/deprecate. A route already deprecated keeps when it was deprecated. */
export function planDeprecate(ctx: PlanContext, routeId: string, body: DeprecateRoute): Planned {
  const route = ctx.ledger.state.routes.get(routeId);
  if (!route) return manageProblem('not-found', `No route ${routeId}`);
  const successor = body.successor_route_id;
  if (successor === routeId)
    return fieldProblem(
      'validation-failed',
      '/successor_route_id',
      'same_route',
      `successor_route_id must be another route than the one deprecated (${routeId})`,
    );
  if (successor !== null && !ctx.ledger.state.routes.has(successor))
    return fieldProblem(
      'validation-failed',
      '/successor_route_id',
      'unknown_route',
      `successor_route_id must be a route of the workspace, got ${successor}`,
    );
  const deprecatedAt =
    route.deprecated && route.deprecated_at ? instantOf(route.deprecated_at) : ctx.now.toISOString();
  const sunsetAt = instantOf(body.sunset_at);
  if (Date.parse(sunsetAt) < Math.max(Date.parse(deprecatedAt), ctx.now.getTime()))
    return fieldProblem(
      'validation-failed',
      '/sunset_at',
      'in_the_past',
      'sunset_at must not be in the past nor before the deprecation',
    );
  const after = {
    ...route,
    deprecated: true,
    deprecated_at: deprecatedAt,
    sunset_at: sunsetAt,
    successor_route_id: successor,
    // Set through the API, the deprecation is this change's: refused after its sunset.
    changed_by: 'this change',
  };
  return {
    action: 'route.deprecate',
    target: { type: 'route', id: routeId, name: routeName(route) },
    before: routeView(route),
    after: routeView(after),
    effects: [
      {
        event: 'route_deprecated',
        route_id: routeId,
        deprecated_at: deprecatedAt,
        sunset_at: sunsetAt,
        successor_route_id: successor,
      },
    ],
    status: 200,
  };
}

/** POST /routes/{id}/restore: undoes a deprecation. */
export function planRestore(ctx: PlanContext, routeId: string): Planned {
  const route = ctx.ledger.state.routes.get(routeId);
  if (!route) return manageProblem('not-found', `No route ${routeId}`);
  if (!route.deprecated) return manageProblem('conflict', `${routeName(route)} is not deprecated`);
  const after = {
    ...route,
    deprecated: false,
    deprecated_at: null,
    sunset_at: null,
    successor_route_id: null,
  };
  return {
    action: 'route.restore',
    target: { type: 'route', id: routeId, name: routeName(route) },
    before: routeView(route),
    after: routeView(after),
    effects: [{ event: 'route_restored', route_id: routeId, restored_at: ctx.now.toISOString() }],
    status: 200,
  };
}

/** PATCH /consumers/{id}. */
export function planConsumer(ctx: PlanContext, consumerId: string, body: ChangeConsumer): Planned {
  const consumer = ctx.ledger.state.consumers.get(consumerId);
  if (!consumer) return manageProblem('not-found', `No consumer ${consumerId}`);
  const plans = ctx.ledger.state.plans;
  if (body.plan !== undefined && plans.size > 0 && !plans.has(body.plan))
    return fieldProblem(
      'validation-failed',
      '/plan',
      'unknown_plan',
      `plan must be one of ${[...plans.keys()].join(', ')}`,
    );
  const changes = {
    ...(body.plan === undefined ? {} : { plan: body.plan }),
    ...(body.quota_requests_per_period === undefined
      ? {}
      : { quota_requests_per_period: body.quota_requests_per_period }),
  };
  return {
    action: 'consumer.update',
    target: { type: 'consumer', id: consumerId, name: consumer.name },
    before: consumerView(consumer),
    after: consumerView({ ...consumer, ...changes }),
    effects: [{ event: 'consumer_changed', consumer_id: consumerId, ...changes }],
    status: 200,
  };
}
