// The in-memory Orders API behind the MSW handlers: seeded with the public part of the simulator's
// default world (the demo sandbox key by its hash, the customers and skus; no DuckDB, so it runs in
// a browser, and no key-deriving code, so no page can rebuild a key), resettable in tests.
import type { Clock, IdGenerator } from '../api/orders/deps.ts';
import { depsFromWorld, type ApiWorld, type MemoryDeps } from '../api/orders/world-deps.ts';
import { demoWorld } from './demo-world.ts';

/** An in-memory API: its deps (built once, lazily) and a reset for between tests. */
export interface MockApi {
  deps(): Promise<MemoryDeps>;
  /** Forgets orders, rate-limit windows, quota counts and idempotency records. */
  reset(): Promise<void>;
}

/** Creates an in-memory API over `world` (default: the public demo world, src/mocks/demo-world.ts). */
export function createMockApi(world?: ApiWorld, options: { clock?: Clock; ids?: IdGenerator } = {}): MockApi {
  let deps: Promise<MemoryDeps> | undefined;
  const get = () => (deps ??= depsFromWorld(world ?? demoWorld, options));
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
