// `estate-console/mocks`: the Orders API as MSW handlers for frontend developers (see README).
export { handlers, mockApi } from './handlers/index.ts';
export { createOrdersHandlers } from './handlers/orders.ts';
export { createMockApi, type MockApi } from './mock-api.ts';
export { demoSandboxKey } from './demo-key.ts';
