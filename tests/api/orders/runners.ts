// The three ways of serving the API, as runners over the same fixture world and fixed clock.
import { handleOrders } from '../../../src/api/orders/handler.ts';
import { depsFromWorld, type ApiWorld } from '../../../src/api/orders/world-deps.ts';
import type { ApiRequest, ApiResponse, Runner } from './contract-types.ts';
import { fixtureNowMs, fixtureWorld, sequentialIds } from './fixture-world.ts';

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
export async function handlerRunner(world: ApiWorld = fixtureWorld): Promise<Runner> {
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
      return {
        status: response.status,
        headers: response.headers,
        body: parseBody(response.body),
        rawBody: response.body,
      };
    },
    orderCount: () => Promise.resolve(deps.orders.count()),
    close: () => Promise.resolve(),
  };
}
