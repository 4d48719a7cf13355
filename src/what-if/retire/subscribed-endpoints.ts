// Who else a route's change reaches: the webhook endpoints subscribed to the events the route
// raises. POST /v2/orders (and POST /v1/orders, served by it) raises order.created on every 201, so
// changing or retiring it in a stage affects every endpoint of that stage subscribed to
// order.created (or to every type): their events stop with the route's 201s.

/** The events each route raises on success, by "METHOD /path". */
export const eventsRaisedByRoute: Readonly<Record<string, readonly string[]>> = {
  'POST /v2/orders': ['order.created'],
  'POST /v1/orders': ['order.created'],
};

/** The environment whose keys (and endpoints) reach a stage's routes. */
export const environmentOfStage: Readonly<Record<string, string>> = {
  prod: 'production',
  sandbox: 'sandbox',
  staging: 'staging',
};

/** What the what-if needs of an endpoint. */
export interface SubscriberLike {
  id: string;
  environment: string;
  enabled_events: readonly string[];
  status: string;
}

/** The events a route (its "METHOD /path" label) raises; none for most routes. */
export function eventsOfRoute(label: string): readonly string[] {
  return eventsRaisedByRoute[label] ?? [];
}

/** The endpoints of the route's stage subscribed to an event it raises, enabled or not. */
export function subscribedEndpoints<T extends SubscriberLike>(
  route: { label: string; stage: string },
  endpoints: readonly T[],
): T[] {
  const raised = eventsOfRoute(route.label);
  if (raised.length === 0) return [];
  return endpoints.filter(
    (e) =>
      e.environment === environmentOfStage[route.stage] &&
      (e.enabled_events.includes('*') || raised.some((type) => e.enabled_events.includes(type))),
  );
}
