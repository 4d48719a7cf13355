// The ways of serving the API, as runners over the same fixture world and fixed clock.
import type { RequestLog } from '../../../src/api/request-log.ts';
import { handleOrders } from '../../../src/api/orders/handler.ts';
import { depsFromWorld, type SourceWorld } from '../../../src/api/orders/world-deps.ts';
import { rmSync } from 'node:fs';
import { setupServer } from 'msw/node';
import { startServer, type ServerTimeouts } from '../../../server/server.ts';
import type { EngineUrls } from '../../../server/stores/select.ts';
import { createOrdersHandlers } from '../../../src/mocks/handlers/orders.ts';
import { createMockApi } from '../../../src/mocks/mock-api.ts';
import { writeFixtureWorkspace } from '../../../harness/fixture-workspace.ts';
import type { ApiRequest, ApiResponse, Runner } from './contract-types.ts';
import { fixtureNowMs, fixtureWorld, sequentialIds } from '../../../harness/fixture-world.ts';

/** A fixed clock at the fixture instant. */
export const fixedClock = { now: () => fixtureNowMs };

/** Parses a body as JSON when it is JSON, else keeps the text. */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Calls the handler directly with plain data. */
export async function handlerRunner(world: SourceWorld = fixtureWorld): Promise<Runner> {
  const deps = await depsFromWorld(world, { clock: fixedClock, ids: sequentialIds() });
  return {
    name: 'handler',
    async send(request: ApiRequest): Promise<ApiResponse> {
      const headers = Object.fromEntries(
        Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
      );
      const response = await handleOrders(
        { method: request.method, path: request.path, headers, body: request.body ?? null },
        deps,
      );
      // As every transport answers HEAD: the headers only.
      const rawBody = request.method === 'HEAD' ? '' : response.body;
      return { status: response.status, headers: response.headers, body: parseBody(rawBody), rawBody };
    },
    store: () => Promise.resolve(deps.orders),
    close: () => Promise.resolve(),
  };
}

/** Sends a request over HTTP (or through MSW when it intercepts fetch) and reads the answer. */
export async function fetchAnswer(url: string, request: ApiRequest): Promise<ApiResponse> {
  const response = await fetch(url, { method: request.method, headers: request.headers, body: request.body });
  const rawBody = await response.text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { status: response.status, headers, body: parseBody(rawBody), rawBody };
}

/**
 * The production server (console off) in this process, on a free port, over fixture files: on the
 * embedded stores, or on the Postgres and Redis `engines` name.
 */
export async function serverRunner(
  world: SourceWorld = fixtureWorld,
  timeouts?: Partial<ServerTimeouts>,
  engines: EngineUrls = {},
): Promise<Runner & { baseUrl: string; port: number; requestLog: () => RequestLog | null }> {
  const files = await writeFixtureWorkspace(world);
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    console: false,
    api: { ...files, engines, clock: fixedClock, ids: sequentialIds() },
    timeouts,
  });
  const baseUrl = `http://127.0.0.1:${server.port}`;
  return {
    name: engines.databaseUrl || engines.redisUrl ? 'server on engines' : 'server',
    baseUrl,
    port: server.port,
    send: (request) => fetchAnswer(baseUrl + request.path, request),
    store: () => Promise.resolve(server.api.deps.orders),
    requestLog: () => server.api.log,
    close: async () => {
      await server.close();
      rmSync(files.dir, { recursive: true, force: true });
    },
  };
}

/** What an MSW runner builds its handlers with: src/mocks, or the built package's main entry. */
export interface MocksEntry {
  createMockApi: typeof createMockApi;
  createOrdersHandlers: typeof createOrdersHandlers;
}

/** MSW in node: setupServer with the handler set, requests through fetch to a fake origin. */
export async function mswRunner(
  world: SourceWorld = fixtureWorld,
  mocks: MocksEntry = { createMockApi, createOrdersHandlers },
  name = 'msw',
): Promise<Runner> {
  const api = mocks.createMockApi({ world, clock: fixedClock, ids: sequentialIds() });
  const origin = 'http://msw.test';
  const msw = setupServer(...mocks.createOrdersHandlers(api, origin));
  msw.listen({ onUnhandledFrame: 'bypass' });
  await api.deps();
  return {
    name,
    send: (request) => fetchAnswer(origin + request.path, request),
    store: async () => (await api.deps()).orders,
    close: () => {
      msw.close();
      return Promise.resolve();
    },
  };
}
