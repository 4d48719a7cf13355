// The webhooks routes' smaller inputs: an endpoint signs with at most 3 secrets at once (the current
// and 2 previous still in their overlap), so a 3rd roll within the overlap is refused naming why;
// the reads without a query refuse any parameter as the lists refuse an unknown one; a roll takes no
// body; and each mistake in a body is one error that names its field and says what is valid.
import { expect } from 'vitest';
import type { ApiResponse, ContractCase, Step } from '../contract-types.ts';
import { send } from './events.ts';
import { errorsOf, get, idOf, post, validOrder } from './requests.ts';

const register = send('hooks', 'POST', '/v2/webhooks', {
  url: 'http://localhost:3000/inputs',
  enabled_events: ['order.created'],
});
/** Deletes the endpoint the case registered first: the environment holds at most 16. */
const removed: Step = {
  request: (earlier) => send('hooks', 'DELETE', `/v2/webhooks/${idOf(earlier[0]) ?? ''}`),
  expect: { status: 200 },
};
const roll = (status: number): Step => ({
  request: (earlier) => send('hooks', 'POST', `/v2/webhooks/${idOf(earlier[0]) ?? ''}/roll-secret`),
  expect: { status },
});

/** Refusals of the webhooks routes' inputs (purpose error). */
export const webhookInputCases: ContractCase[] = [
  {
    name: 'an endpoint signs with at most 3 secrets at once: a 3rd roll within the overlap is refused 422',
    purpose: 'error',
    steps: [
      { request: register, expect: { status: 201 } },
      roll(200),
      roll(200),
      {
        ...roll(422),
        expect: {
          status: 422,
          problem: 'validation-failed',
          check: (res) => {
            expect(errorsOf(res)).toEqual([
              expect.objectContaining({ pointer: '', code: 'too_many_secrets' }),
            ]);
            expect((res.body as { detail: string }).detail).toMatch(/at most 3 secrets.*\d{4}-\d\d-\d\dT/);
          },
        },
      },
      removed,
    ],
  },
  {
    name: 'GET /v2/webhooks, /v2/events/{id} and /v2/orders/{id}/events refuse any query parameter 400, naming it',
    purpose: 'error',
    steps: [
      { request: post('hooks', validOrder), expect: { status: 201 } },
      ...[
        '/v2/webhooks?foo=bar',
        '/v2/webhooks?limit=1',
        '/v2/events/evt_nothing?expand=data',
        '/events?limit=0',
        '/events?foo=bar',
      ].map((target): Step => ({
        request: (earlier) =>
          get('hooks', target.startsWith('/v2') ? target : `/v2/orders/${idOf(earlier[0]) ?? ''}${target}`),
        expect: {
          status: 400,
          problem: 'invalid-request',
          check: (res) =>
            expect(errorsOf(res)).toEqual([
              expect.objectContaining({ parameter: target.slice(target.indexOf('?') + 1).split('=')[0] }),
            ]),
        },
      })),
    ],
  },
  {
    name: 'a roll takes no body: a member is refused 422 naming it, an empty object is accepted',
    purpose: 'error',
    steps: [
      { request: register, expect: { status: 201 } },
      {
        request: (earlier) =>
          send('hooks', 'POST', `/v2/webhooks/${idOf(earlier[0]) ?? ''}/roll-secret`, { expires_in: 0 }),
        expect: {
          status: 422,
          problem: 'validation-failed',
          check: (res) =>
            expect(errorsOf(res)).toEqual([
              expect.objectContaining({ pointer: '/expires_in', code: 'unknown_field' }),
            ]),
        },
      },
      {
        request: (earlier) => send('hooks', 'POST', `/v2/webhooks/${idOf(earlier[0]) ?? ''}/roll-secret`, {}),
        expect: { status: 200 },
      },
      removed,
    ],
  },
  {
    name: 'enabled_events given as a string is one error naming the field',
    purpose: 'error',
    steps: [
      {
        request: send('hooks', 'POST', '/v2/webhooks', {
          url: 'http://localhost:3000/inputs',
          enabled_events: 'order.created',
        }),
        expect: {
          status: 422,
          problem: 'validation-failed',
          check: (res) =>
            expect(errorsOf(res)).toEqual([
              expect.objectContaining({
                pointer: '/enabled_events',
                detail: 'enabled_events must be an array',
              }),
            ]),
        },
      },
    ],
  },
  {
    name: 'a bad recover `since` says what a valid one is',
    purpose: 'error',
    steps: [
      { request: register, expect: { status: 201 } },
      ...[1.5, true, null, '2026-02-30T00:00:00Z', '2026-02-30', '2026-11-27T09:00:00', 'yesterday'].map(
        (since): Step => ({
          request: (earlier) =>
            send('hooks', 'POST', `/v2/webhooks/${idOf(earlier[0]) ?? ''}/recover`, { since }),
          expect: { status: 422, problem: 'validation-failed', check: sinceNamed },
        }),
      ),
      removed,
    ],
  },
];

/** One error, on /since, saying what a valid `since` is. */
function sinceNamed(res: ApiResponse): void {
  expect(errorsOf(res)).toEqual([
    expect.objectContaining({
      pointer: '/since',
      detail: expect.stringMatching(
        /^since must be an ISO 8601 date .* or date-time with an offset .*, or Unix seconds/,
      ) as unknown,
    }),
  ]);
}
