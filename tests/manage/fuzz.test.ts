// Property-based fuzzing of the management API: any method, path, query, headers and body (JSON
// of the right shape and wrong values, or not JSON at all), with a valid management key or not.
// No answer is 5xx, none hangs, every error is problem+json with the request id.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call, depsOver, freshStore, managementKey } from './fixture.ts';
import { requests } from './fuzz-arbitraries.ts';

describe('fuzzing the management API', () => {
  it('3,000 requests: none 5xx, every error problem+json with its request id', async () => {
    const deps = depsOver(freshStore('memory'), () => Date.now());
    const token = await managementKey(deps);
    await fc.assert(
      fc.asyncProperty(requests, async (req) => {
        const search = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
        const answer = await call(deps, req.method, `${req.path}${search}`, req.body, {
          ...(req.authorised ? { token } : {}),
          headers: req.idempotencyKey === undefined ? {} : { 'idempotency-key': req.idempotencyKey },
        });
        expect(answer.status).toBeLessThan(500);
        expect(answer.headers['request-id']).toMatch(/^req_/);
        if (answer.status >= 400) {
          expect(answer.headers['content-type']).toBe('application/problem+json');
          expect(answer.body.request_id).toBe(answer.headers['request-id']);
        }
      }),
      { numRuns: 3_000 },
    );
  }, 120_000);
});
