// The retire what-if's webhook endpoints: POST /v2/orders (and /v1/orders, served by it) raises
// order.created, so its change reaches every endpoint of its stage's environment subscribed to
// order.created or to every type, enabled or disabled; other routes raise nothing.
import { describe, expect, it } from 'vitest';
import { subscribedEndpoints } from '../../../src/what-if/retire/subscribed-endpoints.ts';

const endpoint = (id: string, environment: string, enabled_events: string[], status = 'enabled') => ({
  id,
  environment,
  enabled_events,
  status,
});
const endpoints = [
  endpoint('we_orders', 'production', ['order.created']),
  endpoint('we_all', 'production', ['*']),
  endpoint('we_disabled', 'production', ['order.created'], 'disabled'),
  endpoint('we_keys', 'production', ['key.revoked']),
  endpoint('we_sandbox', 'sandbox', ['order.created']),
];

describe('subscribedEndpoints', () => {
  it.each<[string, string, string, string[]]>([
    // prod is the production environment's stage
    ['POST /v2/orders in prod', 'POST /v2/orders', 'prod', ['we_orders', 'we_all', 'we_disabled']],
    // the deprecated path is served by the same operation
    ['POST /v1/orders in prod', 'POST /v1/orders', 'prod', ['we_orders', 'we_all', 'we_disabled']],
    ['POST /v2/orders in sandbox', 'POST /v2/orders', 'sandbox', ['we_sandbox']],
    // reads raise no event
    ['GET /v2/orders', 'GET /v2/orders', 'prod', []],
    ['a stage with no endpoint', 'POST /v2/orders', 'staging', []],
  ])('%s', (_name, label, stage, expected) => {
    expect(subscribedEndpoints({ label, stage }, endpoints).map((e) => e.id)).toEqual(expected);
  });
});
