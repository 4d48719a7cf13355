// The management API's dry run of a route deprecation counts the webhook endpoints it reaches:
// deprecating POST /v2/orders in prod names every production endpoint subscribed to order.created,
// beside the workspace's own what-if figures; a route that raises no event gets none.
import { describe, expect, it } from 'vitest';
import { MemoryWebhookStore } from '../../../src/api/orders/events/memory-webhooks.ts';
import { withRouteEndpoints } from '../../../server/manage/route-endpoints.ts';
import { call, depsOver, freshStore, managementKey } from '../../manage/fixture.ts';
import { endpointAt } from '../webhooks/fixture.ts';

const production = (id: string, enabled_events: string[]) => ({
  ...endpointAt('https://hooks.example/in', 0),
  id,
  environment: 'production' as const,
  livemode: true,
  enabled_events,
});

describe('a deprecation dry run counts subscribed endpoints', () => {
  const webhooks = new MemoryWebhookStore([
    production('we_orders', ['order.created']),
    production('we_keys', ['key.revoked']),
    endpointAt('http://127.0.0.1:9/hooks', 0),
  ]);
  const base = depsOver(freshStore('memory'));
  const deps = {
    ...base,
    whatIfOf: withRouteEndpoints({ ...base, whatIfOf: () => ({ dependents_calling: 3 }) }, webhooks),
  };

  it.each<[string, string, unknown]>([
    [
      'POST /v2/orders',
      'rt_v2_post',
      {
        dependents_calling: 3,
        webhook_endpoints: { subscribed: 1, events: ['order.created'], endpoint_ids: ['we_orders'] },
      },
    ],
    ['GET /v2/orders raises no event', 'rt_v2_get', { dependents_calling: 3 }],
  ])('%s', async (_name, routeId, whatIf) => {
    const token = await managementKey(deps);
    const preview = await call(
      deps,
      'POST',
      `/routes/${routeId}/deprecate`,
      { sunset_at: '2027-03-01', dry_run: true },
      { token },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.what_if).toEqual(whatIf);
  });
});
