// Property-based fuzzing of bodies and headers: no 5xx, no hang, every error is problem+json,
// every success is a valid order. 10,000 cases on the handler; 300 on the live server.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderListSchema, orderSchema } from '../../../src/api/orders/contract.ts';
import { handleOrders } from '../../../src/api/orders/handler.ts';
import { depsFromWorld, type MemoryDeps } from '../../../src/api/orders/world-deps.ts';
import type { ApiRequest, ApiResponse } from './contract-types.ts';
import { request } from './fuzz-arbitraries.ts';
import { fixtureNowMs, fixtureWorld } from '../../../harness/fixture-world.ts';
import { parseBody, serverRunner } from './runners.ts';
import { assertInvariants } from './run-cases.ts';

function assertSound(req: ApiRequest, res: ApiResponse): void {
  assertInvariants(req, res);
  if (res.status >= 300 || req.method === 'HEAD' || req.path === '/v2/openapi.json') return;
  const listed = req.method === 'GET' && req.path.split('?')[0] === '/v2/orders';
  expect((listed ? orderListSchema : orderSchema).safeParse(res.body).success, res.rawBody).toBe(true);
}

describe('fuzzing', () => {
  let deps: MemoryDeps;
  let server: Awaited<ReturnType<typeof serverRunner>>;
  let minute = 0;
  beforeAll(async () => {
    // A clock a minute later on every request, so rpm budgets never mask the other answers.
    deps = await depsFromWorld(fixtureWorld, { clock: { now: () => fixtureNowMs + ++minute * 60_000 } });
    server = await serverRunner();
  });
  afterAll(() => server.close());

  it('handler: 10,000 requests, none 5xx, every answer sound', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (req) => {
        const res = await handleOrders(
          { method: req.method, path: req.path, headers: req.headers ?? {}, body: req.body ?? null },
          deps,
        );
        assertSound(req, {
          status: res.status,
          headers: res.headers,
          body: parseBody(res.body),
          rawBody: res.body,
        });
      }),
      { numRuns: 10_000 },
    );
  }, 120_000);

  it('live server: 300 requests over HTTP, none 5xx, none hangs', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (req) => {
        const res = await fetch(server.baseUrl + req.path, {
          method: req.method,
          headers: req.headers,
          body: req.body,
          signal: AbortSignal.timeout(5_000),
        });
        const rawBody = await res.text();
        const headers: Record<string, string> = {};
        res.headers.forEach((value, name) => (headers[name] = value));
        assertSound(req, { status: res.status, headers, body: parseBody(rawBody), rawBody });
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});
