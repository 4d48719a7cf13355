// Idempotency-Key, on every serving path.
import { expect } from 'vitest';
import type { ContractCase } from '../contract-types.ts';
import { idOf, post, validOrder } from './requests.ts';

/** Idempotency-Key (draft-ietf-httpapi-idempotency-key-header). */
export const idempotencyCases: ContractCase[] = [
  {
    name: 'same key and body replays the first response, with no second order',
    purpose: 'idempotency',
    steps: [
      {
        request: post('sandbox', validOrder, { 'idempotency-key': 'idem-1' }),
        expect: { status: 201, headers: { 'idempotent-replayed': null } },
      },
      {
        request: post('sandbox', validOrder, { 'idempotency-key': 'idem-1' }),
        expect: {
          status: 201,
          headers: { 'idempotent-replayed': 'true' },
          check: (res, earlier) => expect(res.body).toEqual(earlier[0]?.body),
        },
      },
    ],
  },
  {
    name: 'the draft sf-string form "…" names the same key',
    purpose: 'idempotency',
    steps: [
      { request: post('sandbox', validOrder, { 'idempotency-key': 'idem-2' }), expect: { status: 201 } },
      {
        request: post('sandbox', validOrder, { 'idempotency-key': '"idem-2"' }),
        expect: { status: 201, check: (res, earlier) => expect(idOf(res)).toBe(idOf(earlier[0])) },
      },
    ],
  },
  {
    name: 'same key, different body is 422 idempotency-key-reused',
    purpose: 'idempotency',
    steps: [
      { request: post('sandbox', validOrder, { 'idempotency-key': 'idem-3' }), expect: { status: 201 } },
      {
        request: post('sandbox', { ...validOrder, customer: 'cus_globex' }, { 'idempotency-key': 'idem-3' }),
        expect: { status: 422, problem: 'idempotency-key-reused' },
      },
    ],
  },
  {
    name: 'a failed request releases its key for a corrected retry',
    purpose: 'idempotency',
    steps: [
      {
        request: post('sandbox', { customer: 'cus_acme', lines: [] }, { 'idempotency-key': 'idem-4' }),
        expect: { status: 422, problem: 'validation-failed' },
      },
      {
        request: post('sandbox', validOrder, { 'idempotency-key': 'idem-4' }),
        expect: { status: 201, headers: { 'idempotent-replayed': null } },
      },
    ],
  },
  {
    name: 'keys are per API key: another key may use the same Idempotency-Key',
    purpose: 'idempotency',
    steps: [
      { request: post('sandbox', validOrder, { 'idempotency-key': 'idem-5' }), expect: { status: 201 } },
      {
        request: post('staging', validOrder, { 'idempotency-key': 'idem-5' }),
        expect: { status: 201, check: (res, earlier) => expect(idOf(res)).not.toBe(idOf(earlier[0])) },
      },
    ],
  },
];
