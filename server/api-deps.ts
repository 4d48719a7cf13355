// The production server's Orders API deps: keys, plans, customers and skus read READ_ONLY from the
// workspace file at start (then the file is closed, so the server never holds it), keys issued at
// run time from the issued-keys file, and durable orders in the journal (replayed at start).
import { hash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Clock, IdGenerator, KeyRecord, OrdersDeps } from '../src/api/orders/deps.ts';
import { IdempotencyStore } from '../src/api/orders/idempotency.ts';
import { randomIds, systemClock } from '../src/api/orders/ids.ts';
import { MapKeyStore, SetCatalog } from '../src/api/orders/memory-store.ts';
import { QuotaCounter } from '../src/api/orders/quota.ts';
import { RateLimiter } from '../src/api/orders/rate-limit.ts';
import { limits } from '../src/api/orders/contract.ts';
import { defaultDataFile } from '../src/lib/data-file.ts';
import { openWorkspace } from '../src/lib/db.ts';
import { FollowingKeyStore } from './issued-keys.ts';
import { issuedKeysFile } from '../src/lib/issued-keys-file.ts';
import { JournalOrderStore } from './order-journal.ts';
import { toKeyRecord } from '../src/api/orders/world-deps.ts';

/** Where the API's data lives; every field has a default. */
export interface ApiOptions {
  /** Workspace DuckDB file (read-only): ESTATE_DATA, else data/estate.duckdb. */
  dataFile?: string;
  /** Order journal folder: ESTATE_ORDERS_DIR, else data/orders. */
  ordersDir?: string;
  /** Issued-keys file: ESTATE_ISSUED_KEYS, else data/issued-keys.jsonl. */
  issuedKeysFile?: string;
  clock?: Clock;
  ids?: IdGenerator;
}

/** The server's deps and the journal behind them. */
export interface ApiRuntime {
  deps: OrdersDeps;
  journal: JournalOrderStore;
  close(): Promise<void>;
}

interface Reference {
  keys: {
    key_id: string;
    environment: string;
    status: string;
    plan: string;
    rpm_budget: number;
    scopes: string[];
    expires_at: string | null;
    key_hash_sha256: string;
  }[];
  plans: { plan: string; quota: number }[];
  customers: { customer_id: string }[];
  skus: { sku: string }[];
}

/** Reads keys, plans, customers and skus, then closes the file again. */
async function readReference(file: string): Promise<Reference> {
  if (!existsSync(file)) {
    console.warn(`Orders API: no workspace at ${file}; only issued keys, no customers or skus.`);
    return { keys: [], plans: [], customers: [], skus: [] };
  }
  const db = await openWorkspace(file);
  try {
    return {
      keys: await db.query(
        `select key_id, environment, status, plan, rpm_budget, scopes, key_hash_sha256,
                strftime(expires_at, '%Y-%m-%dT%H:%M:%S.000Z') as expires_at
         from keys`,
      ),
      plans: await db.query('select plan, quota_requests_per_period::DOUBLE as quota from plans'),
      customers: await db.query('select customer_id from customers'),
      skus: await db.query('select sku from skus'),
    };
  } finally {
    db.close();
  }
}

/** Loads the API's deps for the production server. */
export async function loadApiRuntime(options: ApiOptions = {}): Promise<ApiRuntime> {
  const reference = await readReference(options.dataFile ?? defaultDataFile());
  const quotas = new Map(reference.plans.map((p) => [p.plan, p.quota]));
  const known = new MapKeyStore(
    reference.keys.map((k): [string, KeyRecord] => [
      k.key_hash_sha256,
      toKeyRecord(k, quotas.get(k.plan) ?? 0),
    ]),
  );
  const keys = new FollowingKeyStore(
    known,
    options.issuedKeysFile ?? issuedKeysFile(),
    (plan) => quotas.get(plan) ?? 0,
  );
  const clock = options.clock ?? systemClock;
  const quota = new QuotaCounter();
  const idempotency = new IdempotencyStore();
  // One pass over the journal indexes the orders and rebuilds quotas and idempotency records.
  const journal = await JournalOrderStore.open(
    options.ordersDir ?? resolve(process.env.ESTATE_ORDERS_DIR ?? 'data/orders'),
    (order) => {
      const createdMs = Date.parse(order.created_at);
      quota.record(order.key_id, createdMs);
      const { idempotency_key: idemKey, request_sha256: fingerprint } = order;
      if (idemKey !== null && fingerprint !== null && clock.now() - createdMs < limits.idempotencyWindowMs) {
        idempotency.restore(order.key_id, idemKey, fingerprint, order.id, createdMs);
      }
    },
  );
  const deps: OrdersDeps = {
    sha256: (input) => hash('sha256', input, 'hex'),
    keys,
    catalog: new SetCatalog(
      reference.customers.map((c) => c.customer_id),
      reference.skus.map((s) => s.sku),
    ),
    orders: journal,
    rateLimiter: new RateLimiter(),
    quota,
    idempotency,
    clock,
    ids: options.ids ?? randomIds,
  };
  return { deps, journal, close: () => journal.close() };
}
