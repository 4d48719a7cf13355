// Resend (POST /v2/webhooks/{id}/resend: one event again) and recover (POST
// /v2/webhooks/{id}/recover: every event the endpoint has neither received nor waits for, since a
// time) on every serving path. The endpoint's URL refuses connections (port 9), so on the server
// each delivery is waiting for a retry, and in memory (handler, MSW) each was handed to the mocks'
// delivery option: on both, an event raised after the endpoint was made is not recovered, and one
// raised before it (at the same fixed instant) is.
import { expect } from 'vitest';
import type { ApiResponse, ContractCase, Step } from '../contract-types.ts';
import { send } from './events.ts';
import { errorsOf, idOf, post } from './requests.ts';

const order = { customer: 'cus_globex', lines: [{ sku: 'sku_gadget', qty: 1 }] };
const hook = { url: 'http://127.0.0.1:9/hooks', enabled_events: ['order.created'] };
const eventOf = (res: ApiResponse | undefined) => `evt_${(idOf(res) ?? '').slice(4)}`;

interface Requeue {
  object: string;
  endpoint_id: string;
  queued: number;
  event_ids: string[];
  enabled: boolean;
}
const requeueOf = (res: ApiResponse) => res.body as Requeue;

/** A resend or recover of the endpoint created by earlier[at], with the `hooks` key unless told. */
const requeue =
  (
    action: 'resend' | 'recover',
    at: number,
    body: unknown,
    key: 'hooks' | 'hooksLive' | 'sandbox' = 'hooks',
  ) =>
  (earlier: ApiResponse[]) =>
    send(key, 'POST', `/v2/webhooks/${idOf(earlier[at]) ?? ''}/${action}`, body);

/** A 422 naming `pointer` (and `code`, when given). */
const refused = (request: Step['request'], pointer: string, code?: string): Step => ({
  request,
  expect: {
    status: 422,
    problem: 'validation-failed',
    check: (res) =>
      expect(errorsOf(res)).toContainEqual(expect.objectContaining({ pointer, ...(code ? { code } : {}) })),
  },
});

/** Resend and recover that work. */
export const requeueCases: ContractCase[] = [
  {
    name: 'recover sends what an endpoint never had (not what it received or waits for), and resend sends one event again',
    purpose: 'happy',
    steps: [
      { request: post('hooks', order), expect: { status: 201 } },
      { request: send('hooks', 'POST', '/v2/webhooks', hook), expect: { status: 201 } },
      { request: post('hooks', order), expect: { status: 201 } },
      {
        // A date is its midnight UTC, as GET /v2/events reads created[…] (src/lib/instant.ts).
        request: requeue('recover', 1, { since: '2026-01-01' }),
        expect: {
          status: 202,
          check: (res, earlier) => {
            const body = requeueOf(res);
            expect(body).toMatchObject({ object: 'webhook_requeue', endpoint_id: idOf(earlier[1]) });
            expect(body.event_ids).toContain(eventOf(earlier[0]));
            expect(body.event_ids).not.toContain(eventOf(earlier[2]));
            expect(body.queued).toBe(body.event_ids.length);
            expect(body.enabled).toBe(false);
          },
        },
      },
      {
        request: requeue('recover', 1, { since: 0 }),
        expect: {
          status: 202,
          check: (res) => expect(requeueOf(res)).toMatchObject({ queued: 0, event_ids: [], enabled: false }),
        },
      },
      {
        request: (earlier) => requeue('resend', 1, { event_id: eventOf(earlier[2]) })(earlier),
        expect: {
          status: 202,
          check: (res, earlier) =>
            expect(requeueOf(res)).toEqual({
              object: 'webhook_requeue',
              endpoint_id: idOf(earlier[1]),
              queued: 1,
              event_ids: [eventOf(earlier[2])],
              enabled: false,
            }),
        },
      },
      {
        request: (earlier) => send('hooks', 'DELETE', `/v2/webhooks/${idOf(earlier[1]) ?? ''}`),
        expect: { status: 200 },
      },
    ],
  },
];

/** Refusals: scope, another environment's endpoint or event, unknown ids, bad bodies. */
export const requeueErrorCases: ContractCase[] = [
  {
    name: 'resend and recover need webhooks:write, and see only the key environment’s endpoints and events',
    purpose: 'security',
    steps: [
      { request: send('hooks', 'POST', '/v2/webhooks', hook), expect: { status: 201 } },
      { request: post('sandbox', order), expect: { status: 201 } },
      // a key without the webhooks scopes
      {
        request: requeue('resend', 0, { event_id: 'evt_1' }, 'sandbox'),
        expect: { status: 403, problem: 'insufficient-scope' },
      },
      {
        request: requeue('recover', 0, { since: 0 }, 'sandbox'),
        expect: { status: 403, problem: 'insufficient-scope' },
      },
      // a production key, with the scopes, on the staging key's endpoint
      {
        request: requeue('resend', 0, { event_id: 'evt_1' }, 'hooksLive'),
        expect: { status: 404, problem: 'not-found' },
      },
      {
        request: requeue('recover', 0, { since: 0 }, 'hooksLive'),
        expect: { status: 404, problem: 'not-found' },
      },
      // the sandbox's event is not the staging endpoint's to resend
      refused(
        (earlier) => requeue('resend', 0, { event_id: eventOf(earlier[1]) })(earlier),
        '/event_id',
        'unknown_event',
      ),
    ],
  },
  {
    name: 'a bad resend or recover is a problem naming the field',
    purpose: 'error',
    steps: [
      { request: send('hooks', 'POST', '/v2/webhooks', hook), expect: { status: 201 } },
      {
        request: send('hooks', 'POST', '/v2/webhooks/we_nothing/resend', { event_id: 'evt_1' }),
        expect: { status: 404, problem: 'not-found' },
      },
      {
        request: send('hooks', 'POST', '/v2/webhooks/we_nothing/recover', { since: 0 }),
        expect: { status: 404, problem: 'not-found' },
      },
      refused(requeue('resend', 0, { event_id: 'evt_nothing' }), '/event_id', 'unknown_event'),
      refused(requeue('resend', 0, { event_id: 'ord_1' }), '/event_id'),
      refused(requeue('resend', 0, {}), '/event_id'),
      refused(requeue('recover', 0, { since: 'yesterday' }), '/since'),
      refused(requeue('recover', 0, { since: '2026-11-01T13:00:10Z' }), '/since', 'in_future'),
      refused(requeue('recover', 0, { since: '2026-11-02' }), '/since', 'in_future'),
      refused(requeue('recover', 0, { since: '2026-02-30' }), '/since'),
      refused(requeue('recover', 0, { since: -1 }), '/since'),
      refused(requeue('recover', 0, { since: 0, until: 1 }), '/until'),
      refused(requeue('recover', 0, {}), '/since'),
      {
        request: (earlier) => send('hooks', 'GET', `/v2/webhooks/${idOf(earlier[0]) ?? ''}/recover`),
        expect: { status: 405, problem: 'method-not-allowed', headers: { allow: 'POST' } },
      },
    ],
  },
];
