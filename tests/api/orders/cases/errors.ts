// Client errors in the body and its headers: JSON, schema, size, media type, references.
import { expect } from 'vitest';
import type { ApiResponse, ContractCase } from '../contract-types.ts';
import { errorsOf, post, validOrder } from './requests.ts';

const detailOf = (res: ApiResponse) => (res.body as { detail?: string }).detail;

/** A body the contract must refuse as 400 malformed-json, its problem checked by `check`. */
const malformed = (name: string, body: string, check: (res: ApiResponse) => void): ContractCase => ({
  name,
  purpose: 'error',
  steps: [{ request: post('sandbox', body), expect: { status: 400, problem: 'malformed-json', check } }],
});

/** Client errors: body, media type, size, references. */
export const errorCases: ContractCase[] = [
  ...[
    ['{"customer": ', 'the body ends too early (expected a value), at line 1, column 14'],
    ['{"customer":"cus_acme",}', 'expected a member name in double quotes, at line 1, column 24'],
    ['{\n  "customer": "cus_acme",\n  "lines": [tru]\n}', 'expected true, at line 3, column 16'],
    [
      '{"customer":"cus_\u0001"}',
      'a control character inside a string must be escaped, at line 1, column 18',
    ],
  ].map(([body = '', where = '']) =>
    malformed(`malformed JSON is 400 and says where it breaks (${where})`, body, (res) =>
      expect(detailOf(res)).toBe(`The body is not valid JSON: ${where}`),
    ),
  ),
  malformed('an empty body is 400, and says so', '', (res) =>
    expect(detailOf(res)).toBe('The body is empty; send a JSON object'),
  ),
  ...[
    ['{"customer":5,"customer":"cus_acme","lines":[{"sku":"sku_widget","qty":1}]}', '/customer', 'customer'],
    ['{"customer":"cus_acme","lines":[{"sku":"sku_widget","qty":1,"qty":2}]}', '/lines/0/qty', 'qty'],
    ['{"lines":[],"customer":"a","\\u0063ustomer":"cus_acme"}', '/customer', 'customer'],
  ].map(([body = '', pointer, name]) =>
    malformed(`a repeated member name (${pointer}) is 400: I-JSON forbids it`, body, (res) =>
      expect(errorsOf(res)).toEqual([
        {
          pointer,
          code: 'duplicate_member',
          detail: `The member "${name}" appears twice in one object; I-JSON (RFC 7493) forbids it`,
        },
      ]),
    ),
  ),
  // RFC 9110 §12.5.3: Accept-Encoding only where the coding was the problem, so the two differ.
  ...(
    [
      ['a coded body (Content-Encoding)', { 'content-encoding': 'gzip' }, 'unsupported-content-encoding'],
      ['a non-JSON content type', { 'content-type': 'text/plain' }, 'unsupported-media-type'],
    ] as const
  ).map(([what, headers, problem]): ContractCase => ({
    name: `${what} is 415 ${problem}, with ${problem.includes('encoding') ? 'Accept-Encoding' : 'Accept-Post'} only`,
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', validOrder, headers),
        expect: {
          status: 415,
          problem,
          headers: problem.includes('encoding')
            ? { 'accept-encoding': 'identity', 'accept-post': null }
            : { 'accept-post': 'application/json', 'accept-encoding': null },
        },
      },
    ],
  })),
  {
    name: 'a body over 64 KiB is 413',
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', { customer: 'cus_acme', lines: [], pad: 'x'.repeat(70_000) }),
        expect: { status: 413, problem: 'payload-too-large' },
      },
    ],
  },
  {
    name: 'every validation problem is reported at once, each with its pointer and a sentence',
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', {
          customer: 5,
          lines: [{ sku: '', qty: 0 }, { sku: 'sku_widget', qty: 1.5 }, { qty: 1 }],
          coupon: 'X',
        }),
        expect: {
          status: 422,
          problem: 'validation-failed',
          check: (res) => {
            expect(detailOf(res)).toBe('6 problems in the body');
            expect(errorsOf(res)?.sort((a, b) => a.pointer.localeCompare(b.pointer))).toEqual([
              { pointer: '/coupon', code: 'unknown_field', detail: 'Unknown field "coupon"' },
              { pointer: '/customer', code: 'invalid_type', detail: 'customer must be a string' },
              { pointer: '/lines/0/qty', code: 'too_small', detail: 'lines[0].qty must be at least 1' },
              { pointer: '/lines/0/sku', code: 'too_small', detail: 'lines[0].sku must not be empty' },
              { pointer: '/lines/1/qty', code: 'invalid_type', detail: 'lines[1].qty must be an integer' },
              { pointer: '/lines/2/sku', code: 'required', detail: 'lines[2].sku is required' },
            ]);
          },
        },
      },
    ],
  },
  ...(
    [
      [{ lines: validOrder.lines }, '/customer', 'required', 'customer is required'],
      [{ ...validOrder, customer: '' }, '/customer', 'too_small', 'customer must not be empty'],
      [{ customer: 'cus_acme', lines: [] }, '/lines', 'too_small', 'lines must have at least 1 item'],
      [
        { ...validOrder, customer: 'cus acme' },
        '/customer',
        'invalid_format',
        'customer must contain only letters, digits, "_" and "-"',
      ],
    ] as [object, string, string, string][]
  ).map(([body, pointer, code, detail]): ContractCase => ({
    name: `one problem is "1 problem": ${detail}`,
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', body),
        expect: {
          status: 422,
          problem: 'validation-failed',
          check: (res) => {
            expect(detailOf(res)).toBe('1 problem in the body');
            expect(errorsOf(res)).toEqual([{ pointer, code, detail }]);
          },
        },
      },
    ],
  })),
  {
    name: '101 lines is 422',
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', {
          customer: 'cus_acme',
          lines: Array.from({ length: 101 }, () => ({ sku: 'sku_widget', qty: 1 })),
        }),
        expect: {
          status: 422,
          problem: 'validation-failed',
          check: (res) => expect(errorsOf(res)?.[0]?.pointer).toBe('/lines'),
        },
      },
    ],
  },
  {
    name: 'qty 1001 is 422',
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', { customer: 'cus_acme', lines: [{ sku: 'sku_widget', qty: 1001 }] }),
        expect: { status: 422, problem: 'validation-failed' },
      },
    ],
  },
  {
    name: 'a JSON array body is 422 at the root',
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', [validOrder]),
        expect: {
          status: 422,
          problem: 'validation-failed',
          check: (res) => expect(errorsOf(res)?.[0]?.pointer).toBe(''),
        },
      },
    ],
  },
  {
    name: 'an unknown customer is 422 unknown-customer',
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', { ...validOrder, customer: 'cus_nobody' }),
        expect: {
          status: 422,
          problem: 'unknown-customer',
          check: (res) => expect(errorsOf(res)?.map((e) => e.pointer)).toEqual(['/customer']),
        },
      },
    ],
  },
  {
    name: 'every unknown sku is 422 unknown-sku, each with its pointer',
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', {
          customer: 'cus_acme',
          lines: [
            { sku: 'sku_nope', qty: 1 },
            { sku: 'sku_widget', qty: 1 },
            { sku: 'sku_nada', qty: 1 },
          ],
        }),
        expect: {
          status: 422,
          problem: 'unknown-sku',
          check: (res) =>
            expect(errorsOf(res)?.map((e) => e.pointer)).toEqual(['/lines/0/sku', '/lines/2/sku']),
        },
      },
    ],
  },
  {
    name: 'an Idempotency-Key over 255 characters is 400',
    purpose: 'error',
    steps: [
      {
        request: post('sandbox', validOrder, { 'idempotency-key': 'k'.repeat(256) }),
        expect: { status: 400, problem: 'invalid-request' },
      },
    ],
  },
];
