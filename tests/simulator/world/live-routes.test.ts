// The simulated surface and the live API agree: every operation the live Orders API serves (its
// OpenAPI document, the one source of its routes) is published by the workspace on prod and on
// sandbox, and the scope the workspace gives it is the scope the live API refuses a key without
// (asked of the handler itself, not copied from a table).
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../simulator/config.ts';
import { endpointKey } from '../../../simulator/world/catalog.ts';
import { buildWorld } from '../../../simulator/world/index.ts';
import { publishedScope } from '../../../simulator/world/live-routes.ts';
import { handleOrders } from '../../../src/api/orders/handler.ts';
import { openApiDocument } from '../../../src/api/orders/openapi.ts';
import { depsFromWorld } from '../../../src/api/orders/world-deps.ts';

const world = buildWorld(defaultConfig);
const template = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

/** Every live operation that needs a key, as `METHOD /path/{}` (HEAD answers as its GET). */
const liveOperations = Object.entries(
  openApiDocument().paths as Record<string, Record<string, { security?: unknown[] }>>,
).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method, operation]) => method !== 'head' && operation.security?.length !== 0)
    .map(([method]) => `${method.toUpperCase()} ${template(path)}`),
);

/** The scope the live handler says a key lacks, for a key with none. */
async function liveScope(operation: string): Promise<string | undefined> {
  const material = 'sk_test_no_scopes_at_all_0001';
  const deps = await depsFromWorld({
    plans: [{ plan: 'Sandbox', quota_requests_per_period: 1000 }],
    keys: [
      {
        key_id: 'key_none',
        environment: 'sandbox',
        status: 'active',
        plan: 'Sandbox',
        rpm_budget: 1000,
        scopes: [],
        expires_at: null,
        material,
      },
    ],
    customers: [],
    skus: [],
  });
  const [method = '', path = ''] = operation.split(' ');
  const answer = await handleOrders(
    {
      method,
      path: path.replaceAll('{}', 'x1'),
      headers: { authorization: `Bearer ${material}`, 'content-type': 'application/json' },
      body: method === 'GET' ? null : '{}',
    },
    deps,
  );
  expect(answer.status, `${operation}: ${answer.body}`).toBe(403);
  return /scope="([^"]+)"/.exec(answer.headers['www-authenticate'] ?? '')?.[1];
}

describe('the simulated surface publishes the live API', () => {
  it('reads the live operations from the OpenAPI document (resend and recover among them)', () => {
    expect(liveOperations).toEqual(
      expect.arrayContaining([
        'POST /v2/orders',
        'GET /v2/events',
        'DELETE /v2/webhooks/{}',
        'POST /v2/webhooks/{}/resend',
        'POST /v2/webhooks/{}/recover',
      ]),
    );
  });

  it.each(liveOperations)('%s is published on prod and on sandbox', (operation) => {
    const stages = world.routes
      .filter((route) => template(endpointKey(route)) === operation)
      .map((route) => route.stage);
    expect(stages).toEqual(expect.arrayContaining(['prod', 'sandbox']));
  });

  it.each(liveOperations)('%s is published with the scope the live API requires', async (operation) => {
    expect(publishedScope(operation)).toBe(await liveScope(operation));
  });
});
