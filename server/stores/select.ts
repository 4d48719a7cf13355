// Which stores the API runs on, chosen by URL: DATABASE_URL=postgres://… puts orders in Postgres,
// REDIS_URL=redis://… puts rpm windows, plan quotas and idempotency claims in Redis; with neither,
// orders go to the journal and the rest stays in memory, exactly the embedded default. Only with
// both may several processes serve one API (see server/workers.ts).
import type {
  Clock,
  IdempotencyClaims,
  OrderStore,
  QuotaStore,
  RateLimitStore,
} from '../../src/api/orders/deps.ts';
import { IdempotencyStore } from '../../src/api/orders/idempotency.ts';
import { QuotaCounter } from '../../src/api/orders/quota.ts';
import { RateLimiter } from '../../src/api/orders/rate-limit.ts';
import type { RequestLog } from '../../src/api/request-log.ts';
import type { ChainSigner } from '../../src/manage/audit.ts';
import type { ManageStore, TextSha256 } from '../../src/manage/ledger.ts';
import type { ManageSeed } from '../../src/manage/state.ts';
import type { HealthCheck } from '../health.ts';
import type { JournalOrderStore } from '../order-journal.ts';
import { openJournal, type ReplayedLimits } from './embedded.ts';
import type { PostgresOrderStore } from './postgres/order-store.ts';
import type { PostgresDatabase } from './postgres/database.ts';
import type { RedisConnection } from './redis/connection.ts';
import { OrderBackedIdempotency, OrderBackedQuota } from './order-backed.ts';

type Engines = typeof import('./engines.ts');

/** The engines' URLs; an absent one means the embedded store. */
export interface EngineUrls {
  databaseUrl?: string;
  redisUrl?: string;
}

/** Reads DATABASE_URL and REDIS_URL; throws on a URL of another scheme rather than ignore a typo. */
export function engineUrls(env: NodeJS.ProcessEnv = process.env): EngineUrls {
  const urls: EngineUrls = {};
  const database = env.DATABASE_URL?.trim();
  if (database) {
    if (!/^postgres(ql)?:\/\//.test(database)) throw new Error('DATABASE_URL must start with postgres://');
    urls.databaseUrl = database;
  }
  const redis = env.REDIS_URL?.trim();
  if (redis) {
    if (!/^rediss?:\/\//.test(redis)) throw new Error('REDIS_URL must start with redis:// or rediss://');
    urls.redisUrl = redis;
  }
  return urls;
}

/** Whether several processes can share these stores: orders in Postgres and limits in Redis. */
export function sharedAcrossProcesses(urls: EngineUrls): boolean {
  return urls.databaseUrl !== undefined && urls.redisUrl !== undefined;
}

/** Where orders and limits live, in words (the server's start line). */
export function describeStores(urls: EngineUrls): string {
  return `orders in ${urls.databaseUrl ? 'Postgres' : 'the journal'}, limits in ${urls.redisUrl ? 'Redis' : 'memory'}`;
}

/** Readiness of a backing service that resolves when it answers and throws when it does not. */
function engineCheck(name: 'postgres' | 'redis', check: () => Promise<void>): HealthCheck {
  return { name, health: () => check().then(() => ({ ready: true, detail: `${name} answers` })) };
}

/** The API's stores and what they run on. */
export interface ApiStores {
  orders: OrderStore;
  rateLimiter: RateLimitStore;
  quota: QuotaStore;
  idempotency: IdempotencyClaims;
  /** Where orders and limits live, for the start line. */
  summary: string;
  /** Readiness of every store that can be out: the journal, or each engine in use. */
  checks: HealthCheck[];
  /** The Postgres database orders live in, if they do (events, endpoints and deliveries go there too). */
  database?: PostgresDatabase;
  /** With orders in Postgres, a request log there too (capped at `maxBytes` of rows, roughly). */
  requestLog?: (maxBytes: number) => RequestLog;
  /** With DATABASE_URL, the management journal there (keys, lifecycle, management keys, audit). */
  manage?: (seed: ManageSeed, sha256: TextSha256, sign?: ChainSigner) => Promise<ManageStore>;
  /** Waits for pending creates, then closes every store. */
  close(): Promise<void>;
}

type Limits = Pick<ApiStores, 'rateLimiter' | 'quota' | 'idempotency'>;

/** Opens the stores `urls` select; the journal (if used) in `ordersDir`. Engines connect on first use. */
export async function openStores(
  urls: EngineUrls,
  options: { ordersDir: string; clock: Clock; journalProbeMs?: number },
): Promise<ApiStores> {
  const engines = urls.databaseUrl || urls.redisUrl ? await import('./engines.ts') : null;
  const db = engines && urls.databaseUrl ? new engines.PostgresDatabase(urls.databaseUrl) : null;
  const redis = engines && urls.redisUrl ? new engines.RedisConnection(urls.redisUrl) : null;
  const memory = { quota: new QuotaCounter(), idempotency: new IdempotencyStore() };
  const postgresOrders = engines && db ? new engines.PostgresOrderStore(db) : null;
  // With limits in memory, the journal's replay rebuilds them; Redis keeps its own.
  const journal = postgresOrders
    ? null
    : await openJournal(options.ordersDir, options.clock, redis ? null : memory, {
        probeMs: options.journalProbeMs,
      }).catch(async (error: unknown) => {
        await redis?.close();
        throw error;
      });
  const limits =
    engines && redis ? redisLimits(engines, redis, postgresOrders) : memoryLimits(memory, postgresOrders);
  const checks: HealthCheck[] = journal ? [journal] : [];
  if (db) checks.push(engineCheck('postgres', () => db.check()));
  if (redis) checks.push(engineCheck('redis', () => redis.check()));
  return {
    orders: postgresOrders ?? (journal as JournalOrderStore),
    ...limits,
    summary: describeStores(urls),
    checks,
    ...(db ? { database: db } : {}),
    ...(engines && db
      ? {
          requestLog: (maxBytes: number) => new engines.PostgresRequestLog(db, maxBytes),
          manage: (seed: ManageSeed, sha256: TextSha256, sign?: ChainSigner) =>
            engines.PostgresManageStore.open(db, seed, sha256, undefined, sign),
        }
      : {}),
    close: async () => {
      await postgresOrders?.drain();
      await Promise.all([db?.close(), journal?.close(), redis?.close()]);
    },
  };
}

/** Limits in Redis; with orders in Postgres, a missing quota counter or claim is checked against them. */
function redisLimits(engines: Engines, redis: RedisConnection, orders: PostgresOrderStore | null): Limits {
  const claims = new engines.RedisIdempotency(redis);
  const quota = new engines.RedisQuota(redis, orders ? (...a) => orders.countForKey(...a) : null);
  return {
    rateLimiter: new engines.RedisRateLimiter(redis, quota),
    quota,
    idempotency: orders ? new OrderBackedIdempotency(claims, (...a) => orders.findIdempotent(...a)) : claims,
  };
}

/** Limits in this process's memory; with orders in Postgres, started from the orders stored there. */
function memoryLimits(memory: ReplayedLimits, orders: PostgresOrderStore | null): Limits {
  if (orders === null) return { rateLimiter: new RateLimiter(), ...memory };
  return {
    rateLimiter: new RateLimiter(),
    quota: new OrderBackedQuota(memory.quota, (...a) => orders.countForKey(...a)),
    idempotency: new OrderBackedIdempotency(memory.idempotency, (...a) => orders.findIdempotent(...a)),
  };
}
