// The engine-backed stores in one module, imported only when DATABASE_URL or REDIS_URL is set, so
// the embedded default never loads pg or ioredis.
export { PostgresDatabase } from './postgres/database.ts';
export { PostgresOrderStore } from './postgres/order-store.ts';
export { PostgresRequestLog } from './postgres/request-log.ts';
export { RedisConnection } from './redis/connection.ts';
export { RedisIdempotency } from './redis/idempotency.ts';
export { RedisQuota } from './redis/quota.ts';
export { RedisRateLimiter } from './redis/rate-limit.ts';
export { PostgresManageStore } from './postgres/manage-store.ts';
