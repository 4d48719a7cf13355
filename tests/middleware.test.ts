// The console's middleware: a page whose live reads find a shared store out answers 503
// problem+json with Retry-After and its request id, as the API does (found from outside: with
// Postgres stopped, the request log and Events pages answered a bare 500 with an empty body).
import type { APIContext, MiddlewareNext } from 'astro';
import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../src/api/orders/deps.ts';
import { onRequest } from '../src/middleware.ts';

const context = () =>
  ({
    locals: {},
    request: new Request('http://console.test/app/api/logs', { headers: { 'request-id': 'req_abc123' } }),
  }) as unknown as APIContext;

const failing =
  (error: Error): MiddlewareNext =>
  () =>
    Promise.reject(error);

describe('the console middleware', () => {
  it('answers a store that is out with 503 problem+json, Retry-After and the request id', async () => {
    const answer = (await onRequest(
      context(),
      failing(new StoreUnavailableError('Postgres is unavailable (request_page)', 2)),
    )) as Response;
    expect(answer.status).toBe(503);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(answer.headers.get('retry-after')).toBe('2');
    expect(await answer.json()).toMatchObject({
      status: 503,
      code: 'service_unavailable',
      request_id: 'req_abc123',
      detail: expect.stringContaining('retry after 2 s') as unknown,
    });
  });

  it('leaves any other error to Astro', async () => {
    const error = new Error('a bug');
    await expect(onRequest(context(), failing(error))).rejects.toBe(error);
  });

  it('passes a page through', async () => {
    const page = new Response('<p>ok</p>');
    expect(await onRequest(context(), () => Promise.resolve(page))).toBe(page);
  });
});
