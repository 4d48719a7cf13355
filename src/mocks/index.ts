// `@estate-console/mocks` (packages/mocks): the Orders API as MSW handlers for frontend developers.
export { handlers, mockApi } from './handlers/index.ts';
export { createOrdersHandlers } from './handlers/orders.ts';
export { createMockApi, mockWebhookSecret, type MockApi, type MockApiOptions } from './mock-api.ts';
export type { ApiEvent } from '../api/orders/events/event-contract.ts';
export { acceptAnyKey } from './open-stores.ts';
export type { MockKey } from './seed.ts';
export { demoSandboxKey } from './demo-key.ts';
export { demoWorld } from './demo-world.ts';
export type { ApiWorld } from '../api/orders/world-deps.ts';
export type {
  Catalog,
  Clock,
  IdGenerator,
  KeyRecord,
  KeyStore,
  OrderStore,
  OrdersDeps,
  QuotaStore,
  RateLimitStore,
  StoredOrder,
} from '../api/orders/deps.ts';
export type { RateDecision } from '../api/orders/rate-limit.ts';
export type { RequestRecord } from '../api/request-record.ts';
