// Routing: which paths and methods the API answers, how it answers the others, and that only the
// canonical spelling of a path is served (another spelling is a 404 that names it).
import { expect } from 'vitest';
import type { ApiResponse, ContractCase } from '../contract-types.ts';
import { fixtureKeys } from '../../../../harness/fixture-world.ts';
import { get, lastLocation, post, validOrder } from './requests.ts';

const detailOf = (res: ApiResponse) => (res.body as { detail?: string }).detail;

/** A HEAD with a bearer key. */
const head = (path: string) => ({ ...get('sandbox', path), method: 'HEAD' });

/**
 * A HEAD answer: no body, the GET's coding, and (where the transport sets one) the length of the
 * GET before it: of its coded body when the server compressed it, else of its text.
 */
const likeGetWithoutBody = (res: ApiResponse, earlier: ApiResponse[]) => {
  expect(res.rawBody).toBe('');
  const got = earlier.at(-1);
  const coding = got?.headers['content-encoding'];
  expect(res.headers['content-encoding']).toBe(coding);
  const length = res.headers['content-length'];
  if (length !== undefined)
    expect(length).toBe(
      coding !== undefined ? got?.headers['content-length'] : String(Buffer.byteLength(got?.rawBody ?? '')),
    );
};

/** Routing errors and HEAD. */
export const routingCases: ContractCase[] = [
  {
    name: 'an unknown order is 404',
    purpose: 'error',
    steps: [
      {
        request: get('sandbox', '/v2/orders/ord_doesnotexist'),
        expect: { status: 404, problem: 'not-found' },
      },
    ],
  },
  {
    name: 'a production key cannot see a sandbox order (404)',
    purpose: 'error',
    steps: [
      { request: post('sandbox', validOrder), expect: { status: 201 } },
      {
        request: (earlier) => get('production', lastLocation(earlier)),
        expect: { status: 404, problem: 'not-found' },
      },
    ],
  },
  {
    name: 'PUT /v2/orders is 405 with Allow',
    purpose: 'error',
    steps: [
      {
        request: { ...get('sandbox', '/v2/orders'), method: 'PUT' },
        expect: { status: 405, problem: 'method-not-allowed', headers: { allow: 'GET, HEAD, POST' } },
      },
    ],
  },
  {
    name: 'an unknown /v2 path is 404',
    purpose: 'error',
    steps: [{ request: get('sandbox', '/v2/nothing-here'), expect: { status: 404, problem: 'not-found' } }],
  },
  ...['//v2/orders', '/v2//orders', '/v2/orders/', '/v2/%6Frders', '/V2/Orders'].map(
    (path): ContractCase => ({
      name: `another spelling of /v2/orders (${path}) is 404 naming it, and creates nothing`,
      purpose: 'error',
      steps: [
        {
          request: { ...post('sandbox', validOrder), path },
          expect: {
            status: 404,
            problem: 'not-found',
            headers: { ratelimit: null },
            check: (res) => expect(detailOf(res)).toBe('No such resource; the canonical path is /v2/orders'),
          },
        },
      ],
    }),
  ),
  {
    name: 'a trailing slash on an order names the order’s canonical path',
    purpose: 'error',
    steps: [
      {
        request: get('sandbox', '/v2/orders/ord_000001/'),
        expect: {
          status: 404,
          check: (res) => expect(detailOf(res)).toMatch(/canonical path is \/v2\/orders\/ord_000001$/),
        },
      },
    ],
  },
  ...['/v2/orders/%ZZ', '/v2/orders/%C3%28', '/v2/%'].map((path): ContractCase => ({
    name: `a bad percent-escape (${path}) is 400 invalid-request`,
    purpose: 'error',
    steps: [{ request: get('sandbox', path), expect: { status: 400, problem: 'invalid-request' } }],
  })),
  {
    name: 'POST to an order is 405, with Allow: GET, HEAD',
    purpose: 'error',
    steps: [
      {
        request: { ...post('sandbox', validOrder), path: '/v2/orders/ord_000001' },
        expect: { status: 405, problem: 'method-not-allowed', headers: { allow: 'GET, HEAD' } },
      },
    ],
  },
  {
    name: 'HEAD /v2/openapi.json answers as GET does, without the body',
    purpose: 'error',
    steps: [
      { request: { method: 'GET', path: '/v2/openapi.json' }, expect: { status: 200 } },
      {
        request: { method: 'HEAD', path: '/v2/openapi.json' },
        expect: { status: 200, headers: { 'content-type': 'application/json' }, check: likeGetWithoutBody },
      },
    ],
  },
  {
    name: 'HEAD of an order answers as GET does (its checks and rate limit too), without the body',
    purpose: 'error',
    steps: [
      { request: post('sandbox', validOrder), expect: { status: 201 } },
      { request: (earlier) => get('sandbox', lastLocation(earlier)), expect: { status: 200 } },
      {
        request: (earlier) => head(earlier.at(-2)?.headers.location ?? '/missing'),
        expect: { status: 200, headers: { ratelimit: /^"rpm";r=\d+;t=\d+$/ }, check: likeGetWithoutBody },
      },
      {
        request: { method: 'HEAD', path: '/v2/orders/ord_000001', headers: { authorization: 'Basic x' } },
        expect: { status: 401, headers: { 'www-authenticate': 'Bearer realm="estate"' } },
      },
    ],
  },
  {
    name: 'HEAD /v2/orders without a credential is 401 like GET, without the body',
    purpose: 'error',
    steps: [
      {
        request: { method: 'HEAD', path: '/v2/orders', headers: {} },
        expect: { status: 401, check: (res) => expect(res.rawBody).toBe('') },
      },
    ],
  },
  {
    name: 'the key never matters to a wrong method (405 before 401)',
    purpose: 'error',
    steps: [
      {
        request: {
          method: 'DELETE',
          path: '/v2/orders',
          headers: { authorization: `Bearer ${fixtureKeys.unknown}` },
        },
        expect: { status: 405, headers: { ratelimit: null } },
      },
    ],
  },
];
