// What a browser may know of the demo world: the published demo sandbox key by its hash (never
// material, never another key), the plans, the customer and sku ids orders may use, and the routes
// of the key's stage (their ids are on every console page), so the mocks' request records name them. The MSW
// handlers are seeded from this, not from the simulator, so no page ships the code that derives
// key material from the seed.
import { sha256Hex } from '../api/orders/auth.ts';
import type { ApiWorld, SourceWorld } from '../api/orders/world-deps.ts';
import { stageOf, type MappedRoute } from '../api/route-map.ts';

/** The demo world's published test-mode key. */
export const demoSandboxKeyId = 'key_demo_sandbox';

/** Reduces a simulated world to its public part (the content of src/mocks/demo-world.ts). */
export async function publicWorld(world: SourceWorld): Promise<ApiWorld> {
  const key = world.keys.find((k) => k.key_id === demoSandboxKeyId);
  if (!key) throw new Error(`the world has no ${demoSandboxKeyId}`);
  const { material, ...record } = key;
  return {
    plans: world.plans.map(({ plan, quota_requests_per_period }) => ({
      plan,
      quota_requests_per_period: Number(quota_requests_per_period),
    })),
    keys: [
      {
        key_id: record.key_id,
        environment: record.environment,
        status: record.status,
        plan: record.plan,
        rpm_budget: record.rpm_budget,
        scopes: [...record.scopes],
        expires_at: record.expires_at,
        key_hash_sha256: await sha256Hex(material),
      },
    ],
    customers: world.customers.map(({ customer_id }) => ({ customer_id })),
    skus: world.skus.map(({ sku }) => ({ sku })),
    routes: (world.routes ?? [])
      .filter((route) => route.stage === stageOf[key.environment as keyof typeof stageOf])
      .map(({ route_id, method, path, stage }): MappedRoute => ({ route_id, method, path, stage })),
  };
}
