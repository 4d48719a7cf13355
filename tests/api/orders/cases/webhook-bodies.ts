// The body of POST /v2/webhooks gets the checks an order's body gets (src/api/orders/body-checks.ts):
// I-JSON, JSON errors that say where, no Content-Encoding, a form refused, a malformed credential
// named; and an endpoint's url and description hold no control characters or unpaired surrogates.
import { expect } from 'vitest';
import type { ApiRequest, ContractCase, Step } from '../contract-types.ts';
import { send } from './events.ts';
import { errorsOf } from './requests.ts';

/** The webhooks body's refusals (purpose error, run after ./events.ts's). */
export const webhookBodyCases: ContractCase[] = [
  {
    name: 'an endpoint body gets the checks an order body gets: I-JSON, JSON that says where it breaks, no coding',
    purpose: 'error',
    steps: [
      {
        // A proxy reading the first url and a server reading the last would disagree on the target.
        request: raw(
          '{"url":"http://169.254.169.254/latest","url":"http://localhost:9/hooks","enabled_events":["*"]}',
        ),
        expect: {
          status: 400,
          problem: 'malformed-json',
          check: (res) =>
            expect(errorsOf(res)).toEqual([
              expect.objectContaining({ pointer: '/url', code: 'duplicate_member' }),
            ]),
        },
      },
      {
        request: raw('{"url":"http://localhost:9/hooks",}'),
        expect: {
          status: 400,
          problem: 'malformed-json',
          check: (res) => expect((res.body as { detail: string }).detail).toMatch(/at line 1, column \d+$/),
        },
      },
      {
        request: raw('{"url":"http://localhost:9/hooks","enabled_events":["*"]}', {
          'content-encoding': 'gzip',
        }),
        expect: {
          status: 415,
          problem: 'unsupported-content-encoding',
          headers: { 'accept-encoding': 'identity' },
        },
      },
      {
        request: raw('url=http://localhost:9/hooks', { 'content-type': 'application/x-www-form-urlencoded' }),
        expect: {
          status: 415,
          problem: 'unsupported-media-type',
          headers: { 'accept-post': 'application/json' },
        },
      },
      {
        request: raw('{}', { authorization: 'Bearer two words' }),
        expect: { status: 400, problem: 'invalid-request', headers: { 'www-authenticate': /^Bearer / } },
      },
      // Escaped in the JSON text: a NUL, and half a surrogate pair.
      ...['a\\u0000b', '\\ud800 alone'].map((description): Step => ({
        request: raw(
          `{"url":"http://localhost:9/hooks","enabled_events":["*"],"description":"${description}"}`,
        ),
        expect: {
          status: 422,
          problem: 'validation-failed',
          check: (res) =>
            expect(errorsOf(res)).toEqual([expect.objectContaining({ pointer: '/description' })]),
        },
      })),
      ...['http://localhost:9/a\\u0000b', 'http://localhost:9/\\ud800'].map((url): Step => ({
        request: raw(`{"url":"${url}","enabled_events":["*"]}`),
        expect: {
          status: 422,
          problem: 'validation-failed',
          check: (res) => expect(errorsOf(res)).toEqual([expect.objectContaining({ pointer: '/url' })]),
        },
      })),
    ],
  },
];

/** POST /v2/webhooks with the `hooks` key, `body` sent as written, and any other `headers`. */
function raw(body: string, headers: Record<string, string> = {}): ApiRequest {
  const request = send('hooks', 'POST', '/v2/webhooks', {});
  return { ...request, headers: { ...request.headers, ...headers }, body };
}
