// The quick body check is held to the schema: whatever it passes, zod accepts and returns
// unchanged, key order included; and it does pass the well-formed bodies it exists for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createOrderSchema, limits } from '../../../src/api/orders/contract.ts';
import {
  createWebhookSchema,
  recoverWebhookSchema,
  resendWebhookSchema,
} from '../../../src/api/orders/events/event-contract.ts';
import { isWellFormedOrder, validationErrors } from '../../../src/api/orders/validation.ts';
import {
  changeConsumerSchema,
  createManagementKeySchema,
  deprecateRouteSchema,
  issueKeySchema,
  rollKeySchema,
  updateKeySchema,
} from '../../../src/manage/contract.ts';

const identifier = fc.stringMatching(/^[A-Za-z0-9_-]+$/, { maxLength: limits.maxIdLength });
const validLine = fc.record({ sku: identifier, qty: fc.integer({ min: limits.minQty, max: limits.maxQty }) });
const validOrder = fc.record({
  customer: identifier,
  lines: fc.array(validLine, { minLength: limits.minLines, maxLength: limits.maxLines }),
});

// Near misses: every bound on either side, other types, other keys and other key orders.
const nearIdentifier = fc.oneof(
  identifier,
  fc.string({ maxLength: 70 }),
  fc.constantFrom('', 'a'.repeat(limits.maxIdLength), 'a'.repeat(limits.maxIdLength + 1), 'cus 1', 'é'),
  fc.integer(),
  fc.constant(null),
);
const nearQty = fc.oneof(
  fc.constantFrom(0, 1, limits.maxQty, limits.maxQty + 1, -1, 1.5, 2 ** 53, Number.MAX_VALUE),
  fc.integer(),
  fc.double(),
  fc.string(),
);
const nearLine = fc.oneof(
  validLine,
  fc.record({ sku: nearIdentifier, qty: nearQty }, { requiredKeys: [] }),
  fc.record({ qty: nearQty, sku: nearIdentifier }),
  fc.record({ sku: nearIdentifier, qty: nearQty, extra: fc.jsonValue() }),
  fc.jsonValue(),
);
// A well-formed body with exactly one field replaced by a near miss.
const oneDefect = fc
  .tuple(
    validOrder,
    fc.nat(),
    fc.oneof(
      nearIdentifier.map((customer) => ({ customer })),
      nearIdentifier.map((sku) => ({ sku })),
      nearQty.map((qty) => ({ qty })),
      fc.constantFrom(
        { lines: [] },
        { lines: Array.from({ length: limits.maxLines + 1 }, () => ({ sku: 'sku_1', qty: 1 })) },
      ),
    ),
  )
  .map(([order, at, defect]) => {
    const line = order.lines[at % order.lines.length] as Record<string, unknown>;
    if ('sku' in defect) line.sku = defect.sku;
    else if ('qty' in defect) line.qty = defect.qty;
    else Object.assign(order, defect);
    return order;
  });
const nearOrder = fc.oneof(
  validOrder,
  oneDefect,
  fc.record(
    {
      customer: nearIdentifier,
      lines: fc.oneof(fc.array(nearLine, { maxLength: limits.maxLines + 2 }), fc.jsonValue()),
    },
    { requiredKeys: [] },
  ),
  fc.record({ lines: fc.array(validLine, { minLength: 1, maxLength: 3 }), customer: identifier }),
  fc.record({ customer: identifier, lines: fc.array(validLine, { maxLength: 3 }), note: fc.jsonValue() }),
  fc.jsonValue(),
);

/** As the handler sees a body: parsed from JSON text. */
const parsed = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

describe('isWellFormedOrder', () => {
  it('passes only bodies that the schema accepts and returns unchanged', () => {
    fc.assert(
      fc.property(nearOrder.map(parsed), (body) => {
        if (!isWellFormedOrder(body)) return;
        const result = createOrderSchema.safeParse(body);
        expect(result.success).toBe(true);
        expect(JSON.stringify(result.data)).toBe(JSON.stringify(body));
      }),
      { numRuns: 5000 },
    );
  });

  it('passes every well-formed body, so the common request skips zod', () => {
    fc.assert(
      fc.property(validOrder.map(parsed), (body) => {
        expect(isWellFormedOrder(body)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it.each([
    ['an own __proto__ key', `{"customer":"cus_1","lines":[{"sku":"sku_1","qty":1}],"__proto__":{}}`],
    ['a line with its keys swapped', `{"customer":"cus_1","lines":[{"qty":1,"sku":"sku_1"}]}`],
    ['no lines', `{"customer":"cus_1","lines":[]}`],
    ['an array body', `[{"customer":"cus_1"}]`],
  ])('leaves %s to zod', (_name, text) => {
    expect(isWellFormedOrder(JSON.parse(text))).toBe(false);
  });
});

// Every body schema's answers to bad input, in the words a caller reads: none of zod's own
// ("Invalid input", "Invalid option: expected one of …", "Invalid ISO datetime").
const bodySchemas = {
  createOrderSchema,
  issueKeySchema,
  updateKeySchema,
  rollKeySchema,
  deprecateRouteSchema,
  changeConsumerSchema,
  createManagementKeySchema,
  createWebhookSchema,
  resendWebhookSchema,
  recoverWebhookSchema,
};

/** A body with each of the schema's fields present or not, each any JSON value or a near string. */
function nearBody(schema: z.ZodObject): fc.Arbitrary<unknown> {
  const value = fc.oneof(
    fc.jsonValue(),
    fc.constantFrom('', 'tomorrow', '2027-02-30', '2027-01-31T09:30:00', 'evt_', 'bogus', '90d', '366d'),
    fc.array(fc.constantFrom('bogus', 'orders:read', 'keys:read', 7)),
  );
  const fields = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, value]));
  return fc.oneof(fc.record(fields, { requiredKeys: [] }), fc.jsonValue());
}

describe('validationErrors', () => {
  it.each(Object.entries(bodySchemas))('words every issue of %s for a caller', (_, schema) => {
    fc.assert(
      fc.property(nearBody(schema), (body) => {
        const result = schema.safeParse(body, { reportInput: true });
        for (const error of result.success ? [] : validationErrors(result.error.issues))
          expect(error.detail).not.toMatch(/\bInvalid\b/);
      }),
      { numRuns: 1500 },
    );
  });

  it.each([
    [
      issueKeySchema,
      { name: 'a', scopes: ['bogus'] },
      'scopes[0] must be one of catalog:read, customers:read',
    ],
    [issueKeySchema, { name: 'a', expires_at: 'tomorrow' }, 'expires_at must be a date-time with an offset'],
    [
      issueKeySchema,
      { name: 'a', environment: 'qa' },
      'environment must be one of production, sandbox, staging',
    ],
    [deprecateRouteSchema, { sunset_at: 5 }, 'sunset_at must be a date (YYYY-MM-DD) or a date-time'],
    [resendWebhookSchema, { event_id: 'ord_1' }, 'event_id must be an event id (evt_…)'],
  ] as const)('says what a field must be (%#)', (schema, body, detail) => {
    const result = schema.safeParse(body, { reportInput: true });
    expect(result.success).toBe(false);
    expect(validationErrors(result.error?.issues ?? []).map((e) => e.detail)).toContainEqual(
      expect.stringContaining(detail),
    );
  });
});
