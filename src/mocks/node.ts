// MSW in Node (vitest, Node's test runner, scripts): intercepts fetch and http with the Orders API
// handlers, after checking that this Node can run the installed msw (./runtime.ts).
import * as mswNode from 'msw/node';
import { handlers } from './handlers/index.ts';
import { nodeVersion, unsupportedRuntime } from './runtime.ts';

// msw 3 dropped the SetupServerApi class that every msw 2 exports.
const problem = unsupportedRuntime(nodeVersion(), 'SetupServerApi' in mswNode ? 2 : 3);
if (problem) throw new Error(problem);

/** The MSW server; `listen()` in beforeAll, `resetHandlers()` + `mockApi.reset()` after each test. */
export const server: mswNode.SetupServer = mswNode.setupServer(...handlers);
