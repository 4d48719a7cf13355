// The webhooks routes' smaller inputs: an endpoint signs with at most 3 secrets at once (the current
// and 2 previous still in their overlap), so a 3rd roll within the overlap is refused naming why.
import { expect } from 'vitest';
import type { ContractCase, Step } from '../contract-types.ts';
import { send } from './events.ts';
import { errorsOf, idOf } from './requests.ts';

const register = send('hooks', 'POST', '/v2/webhooks', {
  url: 'http://localhost:3000/inputs',
  enabled_events: ['order.created'],
});
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
    ],
  },
];
