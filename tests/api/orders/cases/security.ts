// Authentication and authorisation (RFC 6750), on every serving path.
import type { ContractCase } from '../contract-types.ts';
import { get, post, validOrder } from './requests.ts';

/** Authentication and authorisation (RFC 6750). */
export const securityCases: ContractCase[] = [
  {
    name: 'no credential is 401 with a bare Bearer challenge and no rate-limit headers',
    purpose: 'security',
    steps: [
      {
        request: post(null, validOrder),
        expect: {
          status: 401,
          problem: 'unauthenticated',
          headers: { 'www-authenticate': 'Bearer realm="estate"', ratelimit: null },
        },
      },
    ],
  },
  ...['', '   '].map((authorization): ContractCase => ({
    name: `an empty Authorization header (${JSON.stringify(authorization)}) carries no credential: 401, bare challenge`,
    purpose: 'security',
    steps: [
      {
        request: post(null, validOrder, { authorization }),
        expect: {
          status: 401,
          problem: 'unauthenticated',
          headers: { 'www-authenticate': 'Bearer realm="estate"', ratelimit: null },
        },
      },
    ],
  })),
  {
    name: 'a malformed credential on a read is 400 invalid_request too, with its challenge',
    purpose: 'security',
    steps: [
      {
        request: { ...get('sandbox', '/v2/orders/ord_000001'), headers: { authorization: 'Bearer a b' } },
        expect: {
          status: 400,
          problem: 'invalid-request',
          headers: { 'www-authenticate': /error="invalid_request"/ },
        },
      },
    ],
  },
  {
    name: 'another scheme counts as no bearer credential (401)',
    purpose: 'security',
    steps: [
      {
        request: post(null, validOrder, { authorization: 'Basic dXNlcjpwYXNz' }),
        expect: {
          status: 401,
          problem: 'unauthenticated',
          headers: { 'www-authenticate': 'Bearer realm="estate"' },
        },
      },
    ],
  },
  ...['Bearer', 'Bearer two tokens', 'Bearer bad"char'].map((authorization): ContractCase => ({
    name: `a malformed header (${authorization}) is 400 invalid_request`,
    purpose: 'security',
    steps: [
      {
        request: post(null, validOrder, { authorization }),
        expect: {
          status: 400,
          problem: 'invalid-request',
          headers: { 'www-authenticate': /error="invalid_request"/ },
        },
      },
    ],
  })),
  ...(['unknown', 'revoked', 'rotated', 'expired'] as const).map((key): ContractCase => ({
    name: `an ${key} key is 401 invalid_token`,
    purpose: 'security',
    steps: [
      {
        request: post(key, validOrder),
        expect: {
          status: 401,
          problem: 'invalid-token',
          headers: { 'www-authenticate': /^Bearer realm="estate", error="invalid_token"/ },
        },
      },
    ],
  })),
  {
    name: 'a key without orders:write is 403 insufficient_scope',
    purpose: 'security',
    steps: [
      {
        request: post('readOnly', validOrder),
        expect: {
          status: 403,
          problem: 'insufficient-scope',
          headers: {
            'www-authenticate':
              /error="insufficient_scope", error_description="[^"]*", scope="orders:write"$/,
            ratelimit: /^"rpm";r=\d+;t=\d+$/,
          },
        },
      },
    ],
  },
  {
    name: 'a key without orders:read cannot read (403)',
    purpose: 'security',
    steps: [
      {
        request: get('writeOnly', '/v2/orders/ord_000001'),
        expect: {
          status: 403,
          problem: 'insufficient-scope',
          headers: { 'www-authenticate': /scope="orders:read"$/ },
        },
      },
    ],
  },
];
