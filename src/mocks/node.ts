// MSW in Node (vitest, scripts): intercepts fetch and http with the Orders API handlers.
import { setupServer } from 'msw/node';
import { handlers } from './handlers/index.ts';

/** The MSW server; `listen()` in beforeAll, `resetHandlers()` + `mockApi.reset()` after each test. */
export const server = setupServer(...handlers);
