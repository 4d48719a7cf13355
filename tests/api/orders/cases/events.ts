// Events and webhook endpoints on every serving path: an order's `order.created` (once, never on a
// replay), GET /v2/events and its filters, registering, listing, rolling and deleting endpoints, the
// SSRF rule for live-mode URLs, scopes and environments. The `hooks` key is the staging key with the
// events and webhooks scopes; no other case orders in staging with it, so the lists are its own.
import { expect } from 'vitest';
import type { ApiRequest, ApiResponse, ContractCase, Step } from '../contract-types.ts';
import { fixtureKeys } from '../../../../harness/fixture-world.ts';
import { errorsOf, get, idOf, post } from './requests.ts';

const order = { customer: 'cus_globex', lines: [{ sku: 'sku_gadget', qty: 3 }] };

/** A JSON request with a bearer key. */
export function send(
  key: keyof typeof fixtureKeys,
  method: string,
  path: string,
  body?: unknown,
): ApiRequest {
  return {
    method,
    path,
    headers: {
      authorization: `Bearer ${fixtureKeys[key]}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

interface EventLike {
  id: string;
  type: string;
  data: { object: { id: string } };
  request: { id: string | null; idempotency_key: string | null };
}
const listOf = (res: ApiResponse) => res.body as { object: string; data: EventLike[]; has_more: boolean };
const eventIdOf = (orderId: string | undefined) => `evt_${(orderId ?? '').slice(4)}`;

/** A 422 refusing the URL as unsafe. */
const unsafe = (url: string): Step => ({
  request: send('hooksLive', 'POST', '/v2/webhooks', { url, enabled_events: ['order.created'] }),
  expect: {
    status: 422,
    problem: 'validation-failed',
    check: (res) =>
      expect(errorsOf(res)).toContainEqual(expect.objectContaining({ pointer: '/url', code: 'unsafe_url' })),
  },
});

/** Events and webhook endpoints that work. */
export const eventCases: ContractCase[] = [
  {
    name: 'a 201 raises order.created, with the order as returned and the request that made it; a replay raises none',
    purpose: 'happy',
    steps: [
      { request: post('hooks', order, { 'idempotency-key': 'evt-case-1' }), expect: { status: 201 } },
      {
        request: (earlier) => get('hooks', `/v2/orders/${idOf(earlier[0]) ?? ''}/events`),
        expect: {
          status: 200,
          check: (res, earlier) => {
            const created = earlier[0] as ApiResponse;
            expect(listOf(res)).toEqual({
              object: 'list',
              has_more: false,
              data: [
                {
                  id: eventIdOf(idOf(created)),
                  object: 'event',
                  type: 'order.created',
                  created: (created.body as { created_at: string }).created_at,
                  livemode: false,
                  data: { object: created.body },
                  request: { id: created.headers['request-id'], idempotency_key: 'evt-case-1' },
                },
              ],
            });
          },
        },
      },
      {
        request: post('hooks', order, { 'idempotency-key': 'evt-case-1' }),
        expect: { status: 201, headers: { 'idempotent-replayed': 'true' } },
      },
      {
        request: (earlier) => get('hooks', `/v2/orders/${idOf(earlier[0]) ?? ''}/events`),
        expect: { status: 200, check: (res) => expect(listOf(res).data).toHaveLength(1) },
      },
      {
        request: (earlier) => get('hooks', `/v2/events/${eventIdOf(idOf(earlier[0]))}`),
        expect: {
          status: 200,
          check: (res, earlier) => expect(res.body).toEqual(listOf(earlier[1] as ApiResponse).data[0]),
        },
      },
    ],
  },
  {
    name: 'GET /v2/events lists the environment’s events newest first, a page at a time, filtered by type',
    purpose: 'happy',
    steps: [
      { request: post('hooks', order), expect: { status: 201 } },
      { request: post('hooks', order), expect: { status: 201 } },
      { request: post('hooks', order), expect: { status: 201 } },
      {
        request: get('hooks', '/v2/events?limit=2&type=order.created'),
        expect: {
          status: 200,
          headers: { 'ratelimit-policy': /^"rpm"/ },
          check: (res, earlier) => {
            const page = listOf(res);
            expect(page.data.map((e) => e.id)).toEqual([
              eventIdOf(idOf(earlier[2])),
              eventIdOf(idOf(earlier[1])),
            ]);
            expect(page.has_more).toBe(true);
          },
        },
      },
      {
        request: (earlier) =>
          get('hooks', `/v2/events?limit=1&starting_after=${eventIdOf(idOf(earlier[1]))}`),
        expect: {
          status: 200,
          check: (res, earlier) =>
            expect(listOf(res).data.map((e) => e.id)).toEqual([eventIdOf(idOf(earlier[0]))]),
        },
      },
      {
        request: get('hooks', '/v2/events?type=endpoint.disabled&created[gte]=2026-01-01T00:00:00Z'),
        expect: {
          status: 200,
          check: (res) => expect(listOf(res)).toEqual({ object: 'list', data: [], has_more: false }),
        },
      },
    ],
  },
  {
    name: 'a webhook endpoint is registered with its secret shown once, listed without it, rolled and deleted',
    purpose: 'happy',
    steps: [
      {
        request: send('hooks', 'POST', '/v2/webhooks', {
          url: 'http://localhost:3000/hooks',
          enabled_events: ['order.created'],
          description: 'local',
        }),
        expect: {
          status: 201,
          check: (res) =>
            expect(res.body).toMatchObject({
              object: 'webhook_endpoint',
              url: 'http://localhost:3000/hooks',
              enabled_events: ['order.created'],
              status: 'enabled',
              livemode: false,
              secret: expect.stringMatching(/^whsec_/) as unknown,
            }),
        },
      },
      {
        request: get('hooks', '/v2/webhooks'),
        expect: {
          status: 200,
          check: (res, earlier) => {
            const { secret: _secret, ...shown } = earlier[0]?.body as { secret: string };
            expect((res.body as { data: unknown[] }).data).toContainEqual(shown);
            expect(res.rawBody).not.toContain('whsec_');
          },
        },
      },
      {
        request: (earlier) => send('hooks', 'POST', `/v2/webhooks/${idOf(earlier[0]) ?? ''}/roll-secret`),
        expect: {
          status: 200,
          check: (res, earlier) => {
            const secret = (res.body as { secret: string }).secret;
            expect(secret).toMatch(/^whsec_/);
            expect(secret).not.toBe((earlier[0]?.body as { secret: string }).secret);
          },
        },
      },
      {
        request: (earlier) => send('hooks', 'DELETE', `/v2/webhooks/${idOf(earlier[0]) ?? ''}`),
        expect: { status: 200, check: (res) => expect(res.body).toMatchObject({ deleted: true }) },
      },
      {
        request: (earlier) => send('hooks', 'DELETE', `/v2/webhooks/${idOf(earlier[0]) ?? ''}`),
        expect: { status: 404, problem: 'not-found' },
      },
    ],
  },
];

/** Refusals: scopes, environments, bad queries, unsafe URLs. */
export const eventErrorCases: ContractCase[] = [
  {
    name: 'a live-mode endpoint must be https and never on loopback, private, link-local or metadata addresses',
    purpose: 'security',
    steps: [
      unsafe('http://example.com/hooks'),
      unsafe('https://127.0.0.1/hooks'),
      unsafe('https://10.1.2.3/hooks'),
      unsafe('https://169.254.169.254/latest/meta-data'),
      unsafe('https://[::1]/hooks'),
      unsafe('https://localhost/hooks'),
      unsafe('https://[::ffff:10.0.0.1]/hooks'),
    ],
  },
  {
    name: 'events and webhooks need their own scopes, and another environment’s order has no events here',
    purpose: 'security',
    steps: [
      ...['/v2/events', '/v2/webhooks', '/v2/events/evt_1', '/v2/orders/ord_1/events'].map((path): Step => ({
        request: { method: 'GET', path, headers: { authorization: 'Bearer a b' } },
        expect: {
          status: 400,
          problem: 'invalid-request',
          headers: { 'www-authenticate': /error="invalid_request"/ },
        },
      })),
      { request: get('sandbox', '/v2/events'), expect: { status: 403, problem: 'insufficient-scope' } },
      { request: get('sandbox', '/v2/webhooks'), expect: { status: 403, problem: 'insufficient-scope' } },
      {
        request: send('sandbox', 'POST', '/v2/webhooks', {
          url: 'http://localhost:1/x',
          enabled_events: ['*'],
        }),
        expect: { status: 403, problem: 'insufficient-scope' },
      },
      { request: post('sandbox', order), expect: { status: 201 } },
      {
        request: (earlier) => get('hooks', `/v2/orders/${idOf(earlier.at(-1)) ?? ''}/events`),
        expect: { status: 404, problem: 'not-found' },
      },
      {
        request: (earlier) => get('hooks', `/v2/events/${eventIdOf(idOf(earlier.at(-2)))}`),
        expect: { status: 404, problem: 'not-found' },
      },
    ],
  },
  {
    name: 'a bad events query or endpoint body is a problem naming the field',
    purpose: 'error',
    steps: [
      {
        request: get(
          'hooks',
          '/v2/events?type=order.exploded&limit=0&delivery_success=maybe&created[gte]=soon&colour=red',
        ),
        expect: {
          status: 400,
          problem: 'invalid-request',
          check: (res) =>
            expect(
              errorsOf(res)
                ?.map((e) => (e as { parameter?: string }).parameter)
                .sort(),
            ).toEqual(['colour', 'created[gte]', 'delivery_success', 'limit', 'type'].sort()),
        },
      },
      {
        request: get('hooks', '/v2/events?starting_after=evt_nosuch'),
        expect: { status: 400, problem: 'invalid-request' },
      },
      {
        request: send('hooks', 'POST', '/v2/webhooks', {
          url: 'ftp://x',
          enabled_events: ['order.exploded'],
          extra: 1,
        }),
        expect: {
          status: 422,
          problem: 'validation-failed',
          check: (res) =>
            expect(errorsOf(res)?.map((e) => e.pointer)).toEqual(
              expect.arrayContaining(['/enabled_events/0', '/extra']),
            ),
        },
      },
      {
        request: send('hooks', 'POST', '/v2/webhooks', { url: 'ftp://x', enabled_events: ['*'] }),
        expect: {
          status: 422,
          problem: 'validation-failed',
          check: (res) => expect(errorsOf(res)).toContainEqual(expect.objectContaining({ pointer: '/url' })),
        },
      },
      {
        request: send('hooks', 'PUT', '/v2/webhooks'),
        expect: { status: 405, problem: 'method-not-allowed' },
      },
    ],
  },
];
