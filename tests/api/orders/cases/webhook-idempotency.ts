// Idempotency-Key on POST /v2/webhooks, on every serving path: a retried registration is the same
// endpoint, answered without its secret (shown once); another body with the key is a 422.
import { expect } from 'vitest';
import type { ApiRequest, ContractCase } from '../contract-types.ts';
import { send } from './events.ts';
import { idOf } from './requests.ts';

const hook = { url: 'http://127.0.0.1:9/hooks', enabled_events: ['order.created'] };

/** A registration with the `hooks` key and an Idempotency-Key. */
function register(body: unknown, key: string): ApiRequest {
  const request = send('hooks', 'POST', '/v2/webhooks', body);
  return { ...request, headers: { ...request.headers, 'idempotency-key': key } };
}

/** Idempotency-Key on registrations. */
export const webhookIdempotencyCases: ContractCase[] = [
  {
    name: 'a registration sent again with its Idempotency-Key is the same endpoint, without its secret',
    purpose: 'idempotency',
    steps: [
      {
        request: register(hook, 'hook-1'),
        expect: { status: 201, headers: { 'idempotent-replayed': null } },
      },
      {
        request: register(hook, 'hook-1'),
        expect: {
          status: 201,
          headers: { 'idempotent-replayed': 'true' },
          check: (res, earlier) => {
            expect(idOf(res)).toBe(idOf(earlier[0]));
            expect(earlier[0]?.body).toHaveProperty('secret');
            expect(res.body).not.toHaveProperty('secret');
          },
        },
      },
      {
        request: send('hooks', 'GET', '/v2/webhooks'),
        expect: {
          status: 200,
          check: (res) => expect((res.body as { data: unknown[] }).data).toHaveLength(1),
        },
      },
    ],
  },
  {
    name: 'an Idempotency-Key sent with another registration is a 422',
    purpose: 'idempotency',
    steps: [
      { request: register(hook, 'hook-2'), expect: { status: 201 } },
      {
        request: register({ ...hook, description: 'another' }, 'hook-2'),
        expect: { status: 422, problem: 'idempotency-key-reused' },
      },
    ],
  },
];
