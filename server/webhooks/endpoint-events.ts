// An endpoint's events since it was made, oldest first: what the in-process queue rebuilds its
// deliveries from at start.
import type { EventStore, StoredEvent, WebhookEndpoint } from '../../src/api/orders/deps.ts';

/** Every event of the endpoint's environment and types since it was made, oldest first. */
export async function eventsOfEndpoint(
  events: EventStore,
  endpoint: WebhookEndpoint,
): Promise<StoredEvent[]> {
  const found: StoredEvent[] = [];
  let after: string | undefined;
  const types = endpoint.enabled_events.includes('*') ? undefined : endpoint.enabled_events;
  for (;;) {
    const page = await events.list({
      environment: endpoint.environment,
      limit: 100,
      startingAfter: after,
      types,
      createdGteMs: Date.parse(endpoint.created),
    });
    if (!page) break;
    found.push(...page.events);
    if (!page.hasMore) break;
    after = page.events.at(-1)?.id;
  }
  return found.reverse();
}
