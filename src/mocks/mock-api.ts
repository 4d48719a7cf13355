// The in-memory Orders API behind the MSW handlers: seeded with the simulator's own world (same
// seed, same keys, customers and skus; no DuckDB, so it runs in a browser), resettable in tests.
import { defaultConfig } from '../../simulator/config.ts';
import { buildWorld, DEMO_SANDBOX_KEY_ID } from '../../simulator/world/index.ts';
import type { Clock, IdGenerator } from '../api/orders/deps.ts';
import { depsFromWorld, type ApiWorld, type MemoryDeps } from '../api/orders/world-deps.ts';

/** An in-memory API: its deps (built once, lazily) and a reset for between tests. */
export interface MockApi {
  deps(): Promise<MemoryDeps>;
  /** Forgets orders, rate-limit windows, quota counts and idempotency records. */
  reset(): Promise<void>;
}

/** Creates an in-memory API over `world` (default: the demo world of the default seed). */
export function createMockApi(world?: ApiWorld, options: { clock?: Clock; ids?: IdGenerator } = {}): MockApi {
  let deps: Promise<MemoryDeps> | undefined;
  const get = () => (deps ??= depsFromWorld(world ?? buildWorld(defaultConfig), options));
  return {
    deps: get,
    async reset() {
      const d = await get();
      d.orders.reset();
      d.rateLimiter.reset();
      d.quota.reset();
      d.idempotency.reset();
    },
  };
}

/** The documented demo sandbox key of the default world (a test-mode key, safe to share). */
export function demoSandboxKey(): string {
  const key = buildWorld(defaultConfig).keys.find((k) => k.key_id === DEMO_SANDBOX_KEY_ID);
  if (!key) throw new Error(`the default world has no ${DEMO_SANDBOX_KEY_ID}`);
  return key.material;
}
