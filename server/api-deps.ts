// The Orders API runtime of a server process (one per process: the production server, or the dev
// server through server/dev-api.ts): keys, plans, customers, skus and deprecated routes read
// READ_ONLY from the workspace file at start (then the file is closed, so the server never holds
// it), keys issued at run time from the issued-keys file, and the stores DATABASE_URL and REDIS_URL
// select (by default durable orders in the journal, replayed at start, and limits in memory:
// server/stores/select.ts).
import { hash } from 'node:crypto';
import type { Clock, IdGenerator, OrdersDeps } from '../src/api/orders/deps.ts';
import { randomIds, systemClock } from '../src/api/orders/ids.ts';
import { SetCatalog } from '../src/api/orders/memory-store.ts';
import { defaultDataFile } from '../src/node/data-file.ts';
import { issuedKeysFile } from '../src/node/issued-keys-file.ts';
import type { HealthCheck } from './health.ts';
import type { ManageDeps } from '../src/manage/deps.ts';
import { KeyEvents } from './manage/key-events.ts';
import { withRouteEndpoints } from './manage/route-endpoints.ts';
import { ManagedKeyStore, openManage, routeNotices, routeRetirements } from './manage/runtime.ts';
import { engineUrls, openStores, type ApiStores, type EngineUrls } from './stores/select.ts';
import { routeFinder, type RouteFinder } from '../src/api/route-map.ts';
import type { RequestLog } from '../src/api/request-log.ts';
import { openRequestLog, type RequestLogOptions } from './request-log/open.ts';
import { readReference } from './workspace/reference.ts';
import { ordersDir as defaultOrdersDir } from '../src/node/live-views.ts';
import { openEventStores, type DeliveryOptions } from './webhooks/open.ts';
import type { DeliveryQueue } from './webhooks/queue.ts';

/** Where the API's data lives; every field has a default. */
export interface ApiOptions {
  /** Workspace DuckDB file (read-only): ESTATE_DATA, else data/estate.duckdb. */
  dataFile?: string;
  /** Order journal folder: ESTATE_ORDERS_DIR, else data/orders. */
  ordersDir?: string;
  /** Issued-keys file: ESTATE_ISSUED_KEYS, else data/issued-keys.jsonl. */
  issuedKeysFile?: string;
  /** Postgres and Redis: DATABASE_URL and REDIS_URL, else the embedded stores. */
  engines?: EngineUrls;
  clock?: Clock;
  ids?: IdGenerator;
  /** How often a journal lane out of service is probed (ms); default journalProbeMs. */
  journalProbeMs?: number;
  /** The request log: where, how large, or off (ESTATE_REQUEST_LOG*; see ./request-log/open.ts). */
  requestLog?: RequestLogOptions;
  /** Webhook delivery: its sender, jitter, time-out, and whether it starts on its own (default). */
  delivery?: DeliveryOptions;
}

/** The server's deps, the stores behind them, and what readiness asks. */
export interface ApiRuntime {
  deps: OrdersDeps;
  stores: ApiStores;
  /** Every part that can be out, for GET /readyz (server/health.ts). */
  health: HealthCheck[];
  /** Every answer of the API, for the console and analysts; null when turned off. */
  log: RequestLog | null;
  /** The workspace route a request maps to (for the log). */
  routeOf: RouteFinder;
  /** Sends events to webhook endpoints. */
  deliverer: DeliveryQueue;
  /** The management API's deps: the state every key, route and consumer change goes through. */
  manage: ManageDeps;
  close(): Promise<void>;
}

/** Loads the API's deps for the production server. */
export async function loadApiRuntime(options: ApiOptions = {}): Promise<ApiRuntime> {
  const reference = await readReference(options.dataFile ?? defaultDataFile());
  const clock = options.clock ?? systemClock;
  const ordersDir = options.ordersDir ?? defaultOrdersDir();
  const stores = await openStores(options.engines ?? engineUrls(), {
    ordersDir,
    clock,
    journalProbeMs: options.journalProbeMs,
  });
  const manage = await openManage(stores, options.issuedKeysFile ?? issuedKeysFile(), reference.manage).catch(
    async (error: unknown) => {
      await stores.close();
      throw error;
    },
  );
  const keys = new ManagedKeyStore(manage.store);
  const routeOf = routeFinder(reference.routes);
  const deps: OrdersDeps = {
    sha256: (input) => hash('sha256', input, 'hex'),
    keys,
    catalog: new SetCatalog(
      reference.customers.map((c) => c.customer_id),
      reference.skus.map((s) => s.sku),
    ),
    orders: stores.orders,
    rateLimiter: stores.rateLimiter,
    quota: stores.quota,
    idempotency: stores.idempotency,
    clock,
    ids: options.ids ?? randomIds,
    deprecatedPaths: reference.deprecated,
    routeNotices: routeNotices(manage.store, routeOf),
    routeRetirement: routeRetirements(manage.store, routeOf),
  };
  const events = await openEventStores(stores, ordersDir, clock, options.delivery);
  Object.assign(deps, events.deps);
  // Key changes raise key.revoked and key.rolled: those of this process before it answers, the
  // rest (the CLI, another worker, a crash before raising) when the trail is swept.
  const keyEvents = new KeyEvents(manage.store, deps);
  await keyEvents.sweep();
  keyEvents.start();
  const manageDeps: ManageDeps = {
    ...manage.deps,
    store: keyEvents.store,
    whatIfOf: withRouteEndpoints(manage.deps, deps.webhooks),
  };
  const log = await openRequestLog(options.requestLog ?? {}, stores, ordersDir);
  return {
    deps,
    stores,
    health: stores.checks,
    log,
    routeOf,
    deliverer: events.deliverer,
    manage: manageDeps,
    close: async () => {
      await keyEvents.close();
      await manage.store.close();
      // The log first: its last records go into the stores' database (or folder).
      await log?.close();
      await events.close();
      await stores.close();
    },
  };
}
