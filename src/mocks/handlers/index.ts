// The default handler set: the Orders API over the demo world, for any origin.
import { createMockApi } from '../mock-api.ts';
import { createOrdersHandlers } from './orders.ts';

/** The shared in-memory API behind `handlers`; call `mockApi.reset()` between tests. */
export const mockApi = createMockApi();

/** MSW handlers for the Orders API (success and every error of the contract). */
export const handlers = createOrdersHandlers(mockApi);
