// Reading the journal a chunk at a time finds exactly what reading it whole would: every order line
// with its byte offset and length, blank lines skipped, damaged lines counted, and a torn last line
// left out of the length, wherever the chunk boundaries fall and however long a line is.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoredOrder } from '../../src/api/orders/deps.ts';
import { scanOrders } from '../../server/journal-read.ts';

const dir = mkdtempSync(join(tmpdir(), 'estate-journal-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One line of a journal file as written: an order, a blank line, or a damaged one. */
type Line =
  { kind: 'order'; order: StoredOrder } | { kind: 'blank'; text: string } | { kind: 'damaged'; text: string };

const order: fc.Arbitrary<StoredOrder> = fc.record({
  id: fc.string({ minLength: 1, maxLength: 30 }).map((s) => `ord_${s}`),
  // Any text, multi-byte characters included, and now and then longer than a chunk.
  customer: fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ minLength: 200, maxLength: 400 }),
  ),
  lines: fc.array(fc.record({ sku: fc.string({ maxLength: 8 }), qty: fc.integer() }), { maxLength: 3 }),
  livemode: fc.boolean(),
  created_at: fc.constant('2026-11-23T12:00:00.000Z'),
  key_id: fc.constant('key_a'),
  environment: fc.constant('sandbox'),
  idempotency_key: fc.option(fc.string({ maxLength: 10 })),
  request_sha256: fc.constant(null),
});
const line: fc.Arbitrary<Line> = fc.oneof(
  { weight: 6, arbitrary: order.map((o) => ({ kind: 'order' as const, order: o })) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t').map((text) => ({ kind: 'blank' as const, text })) },
  {
    weight: 1,
    // Not JSON, JSON that is not an order, or an object without a string id.
    arbitrary: fc
      .constantFrom('{"id":"ord_x","cust', 'null', '42', '[]', '{}', '{"id":7}', 'garbage')
      .map((text) => ({ kind: 'damaged' as const, text })),
  },
);

/** JSON.parse, or undefined for text that is not JSON. */
function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** What reading the file whole finds. */
function readWhole(bytes: Buffer) {
  const visits: { order: StoredOrder; offset: number; length: number }[] = [];
  let unreadable = 0;
  let offset = 0;
  const lastNewline = bytes.lastIndexOf(0x0a);
  for (const text of bytes
    .subarray(0, lastNewline + 1)
    .toString('utf8')
    .split('\n')
    .slice(0, -1)) {
    const length = Buffer.byteLength(text);
    if (text.trim() !== '') {
      const parsed = parseOrUndefined(text);
      if (typeof (parsed as StoredOrder | null)?.id === 'string')
        visits.push({ order: parsed as StoredOrder, offset, length });
      else unreadable++;
    }
    offset += length + 1;
  }
  return { visits, unreadable, end: lastNewline + 1 };
}

describe('scanOrders', () => {
  it('finds what reading the whole file finds, for any chunk size and any torn tail', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 30 }),
        fc.constantFrom('', '{"id":"ord_torn","cus', ' '),
        fc.integer({ min: 1, max: 300 }),
        (lines, tornTail, chunkBytes) => {
          const text = lines
            .map((l) => (l.kind === 'order' ? JSON.stringify(l.order) : l.text) + '\n')
            .join('');
          const file = join(dir, 'journal.ndjson');
          writeFileSync(file, text + tornTail);
          const bytes = readFileSync(file);
          const visits: { order: StoredOrder; offset: number; length: number }[] = [];
          const result = scanOrders(
            file,
            (o, offset, length) => visits.push({ order: o, offset, length }),
            chunkBytes,
          );
          expect({ visits, ...result }).toEqual(readWhole(bytes));
          // Each place holds its order's line, byte for byte.
          for (const visit of visits)
            expect(bytes.subarray(visit.offset, visit.offset + visit.length).toString('utf8')).toBe(
              JSON.stringify(visit.order),
            );
          expect(visits.map((v) => v.order)).toEqual(
            lines.flatMap((l) => (l.kind === 'order' ? [l.order] : [])),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads an empty file as no orders and no length', () => {
    const file = join(dir, 'empty.ndjson');
    writeFileSync(file, '');
    expect(scanOrders(file, () => expect.unreachable())).toEqual({ end: 0, unreadable: 0 });
  });
});
