// An endpoint's URL must be usable as written (no blank, no userinfo even empty, no fragment, a port
// from 1 to 65535, a name DNS can hold) and is stored as its canonical href, so the list shows what
// is connected to; live mode refuses every special-purpose range that is not globally reachable, each
// named by its kind; and a description holds nothing invisible (the management API's names' rule).
import { expect } from 'vitest';
import type { ContractCase, Step } from '../contract-types.ts';
import { send } from './events.ts';
import { errorsOf, get, idOf } from './requests.ts';

/** A 422 naming /url, whose detail matches `why`. */
const refusedUrl = (key: 'hooks' | 'hooksLive', url: string, why: RegExp): Step => ({
  request: send(key, 'POST', '/v2/webhooks', { url, enabled_events: ['order.created'] }),
  expect: {
    status: 422,
    problem: 'validation-failed',
    check: (res) =>
      expect(errorsOf(res)).toEqual([
        expect.objectContaining({ pointer: '/url', detail: expect.stringMatching(why) as unknown }),
      ]),
  },
});

/** Registers `url` and expects it stored as `canonical`, in the 201 and in the list, then deletes it. */
const storedAs = (url: string, canonical: string): Step[] => [
  {
    request: send('hooks', 'POST', '/v2/webhooks', { url, enabled_events: ['order.created'] }),
    expect: { status: 201, check: (res) => expect((res.body as { url: string }).url).toBe(canonical) },
  },
  {
    request: get('hooks', '/v2/webhooks'),
    expect: {
      status: 200,
      check: (res, earlier) =>
        expect((res.body as { data: { id: string; url: string }[] }).data).toContainEqual(
          expect.objectContaining({ id: idOf(earlier.at(-1)), url: canonical }),
        ),
    },
  },
  {
    request: (earlier) => send('hooks', 'DELETE', `/v2/webhooks/${idOf(earlier.at(-2)) ?? ''}`),
    expect: { status: 200 },
  },
];

/** The webhook URL and description cases, of each purpose. */
export const webhookUrlCases: ContractCase[] = [
  {
    name: 'a URL that is not usable as written is refused 422 naming /url, in test mode too',
    purpose: 'error',
    steps: [
      refusedUrl('hooks', 'http://127.0.0.1:0/port0', /port must be from 1 to 65535/),
      refusedUrl('hooks', ' http://127.0.0.1/h', /blanks/),
      refusedUrl('hooks', 'http://127.0.0.1/h ', /blanks/),
      refusedUrl('hooks', 'http://@127.0.0.1:5301/h', /credentials/),
      refusedUrl('hooks', 'http://127.0.0.1:5301/h#frag', /fragment/),
      refusedUrl('hooks', `http://${'a'.repeat(64)}.com/`, /63/),
      refusedUrl('hooks', `http://${Array(64).fill('abc').join('.')}/`, /253/),
      refusedUrl('hooksLive', 'https://example.com:0/h', /port/),
    ],
  },
  {
    name: 'a URL is stored and listed as its canonical href: lower-case scheme, two slashes, punycode',
    purpose: 'happy',
    steps: [
      ...storedAs('HTTP://127.0.0.1:5301/h', 'http://127.0.0.1:5301/h'),
      ...storedAs('http:/127.0.0.1:5302/oneslash', 'http://127.0.0.1:5302/oneslash'),
      ...storedAs('http://bücher.example/h', 'http://xn--bcher-kva.example/h'),
    ],
  },
  {
    name: 'a description holds nothing invisible: bidi overrides, zero-width characters, a BOM, private use',
    purpose: 'error',
    steps: ['a\u202eb', 'a\u200bb', '\ufeffa', 'a\ue000'].map((description): Step => ({
      request: send('hooks', 'POST', '/v2/webhooks', {
        url: 'http://localhost:3000/described',
        enabled_events: ['order.created'],
        description,
      }),
      expect: {
        status: 422,
        problem: 'validation-failed',
        check: (res) => expect(errorsOf(res)).toEqual([expect.objectContaining({ pointer: '/description' })]),
      },
    })),
  },
  {
    name: 'a live-mode endpoint is never on a special-purpose address, and the refusal names its kind',
    purpose: 'security',
    steps: [
      refusedUrl('hooksLive', 'https://198.18.0.1/h', /benchmarking/),
      refusedUrl('hooksLive', 'https://192.0.0.1/h', /protocol-assignment/),
      refusedUrl('hooksLive', 'https://192.0.2.1/h', /documentation/),
      refusedUrl('hooksLive', 'https://198.51.100.1/h', /documentation/),
      refusedUrl('hooksLive', 'https://203.0.113.1/h', /documentation/),
      refusedUrl('hooksLive', 'https://[2001:db8::1]/h', /documentation/),
      refusedUrl('hooksLive', 'https://100.64.0.1/h', /shared/),
      refusedUrl('hooksLive', 'https://240.0.0.1/h', /reserved/),
      refusedUrl('hooksLive', 'https://255.255.255.255/h', /broadcast/),
      refusedUrl('hooksLive', 'https://[fe80::1]/h', /link-local/),
    ],
  },
];
