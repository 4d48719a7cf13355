// MSW in Node (vitest, Node's test runner, scripts): intercepts fetch and http with the Orders API
// handlers, after checking that this Node can run the installed msw (./runtime.ts). `listen()`
// takes the unhandled-request strategy under either msw major's name (./unhandled.ts).
import * as mswNode from 'msw/node';
import { handlers } from './handlers/index.ts';
import { nodeVersion, unsupportedRuntime } from './runtime.ts';
import { forMswMajor, type UnhandledOptions, type UnhandledStrategy } from './unhandled.ts';

// msw 3 dropped the SetupServerApi class that every msw 2 exports.
const mswMajor = 'SetupServerApi' in mswNode ? 2 : 3;
const problem = unsupportedRuntime(nodeVersion(), mswMajor);
if (problem) throw new Error(problem);

type MswListenOptions = NonNullable<Parameters<mswNode.SetupServer['listen']>[0]>;
/** What the installed msw takes under `K` beside a named strategy (a callback); only a name where it reads none. */
type MswOption<K extends string> = K extends keyof MswListenOptions
  ? UnhandledStrategy | NonNullable<MswListenOptions[K]>
  : UnhandledStrategy;

/** `listen()` options: the installed msw's, with the strategy under either major's name. */
export type ListenOptions = Omit<MswListenOptions, 'onUnhandledFrame' | 'onUnhandledRequest'> & {
  /** msw 3's name; honoured on msw 2 too (a named strategy). */
  onUnhandledFrame?: MswOption<'onUnhandledFrame'>;
  /** msw 2's name; honoured on msw 3 too (a named strategy). */
  onUnhandledRequest?: MswOption<'onUnhandledRequest'>;
};

/** The installed msw's server, whose `listen()` takes either major's option names. */
export type MocksServer = Omit<mswNode.SetupServer, 'listen'> & {
  listen(options?: ListenOptions): void;
};

const mswServer = mswNode.setupServer(...handlers);
const mswListen = mswServer.listen.bind(mswServer);

/** The MSW server; `listen()` in beforeAll, `resetHandlers()` + `mockApi.reset()` after each test. */
export const server: MocksServer = Object.assign(mswServer, {
  listen: (options?: ListenOptions) => {
    mswListen(forMswMajor<UnhandledOptions>(options, mswMajor) as MswListenOptions | undefined);
  },
});
