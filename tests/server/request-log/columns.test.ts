// The log's in-memory columns answer every filter as a plain filter over the records would.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../../src/api/request-record.ts';
import type { RequestFilter } from '../../../src/api/request-log.ts';
import { RequestColumns } from '../../../server/request-log/columns.ts';
import { matchesFilter } from '../../../server/request-log/filter.ts';
import { filterArbitrary, record, recordArbitrary } from './records.ts';

/** The filter applied record by record (filter.ts): the specification the columns must meet. */
const matches = (r: RequestRecord, f: RequestFilter): boolean => matchesFilter(f, r);

function filled(records: RequestRecord[], perSegment = 7): RequestColumns {
  const columns = new RequestColumns();
  records.forEach((r, i) =>
    columns.push(r, { segment: Math.floor(i / perSegment), offset: i * 100, length: 99 }),
  );
  return columns;
}

describe('RequestColumns.scan', () => {
  it('returns the matching seqs newest first, under the cursor, and counts every match', () => {
    fc.assert(
      fc.property(
        fc
          .array(recordArbitrary, { maxLength: 120 })
          .chain((records) =>
            fc.tuple(
              fc.constant(records),
              fc.option(fc.integer({ min: 0, max: records.length + 2 }), { nil: undefined }),
            ),
          ),
        filterArbitrary(2),
        fc.integer({ min: 1, max: 20 }),
        ([records, before], filter, limit) => {
          const columns = filled(records);
          const all = records
            .map((r, i) => ({ r, seq: i + 1 }))
            .filter(({ r }) => matches(r, filter))
            .reverse();
          const page = all.filter(({ seq }) => before === undefined || seq < before).slice(0, limit);
          expect(columns.scan(filter, before, limit)).toEqual({
            seqs: page.map((p) => p.seq),
            matched: all.length,
          });
        },
      ),
    );
  });

  it('forgets dropped segments: their seqs, places and key counts', () => {
    const columns = filled(
      Array.from({ length: 30 }, (_, i) => record(i, { key_id: i < 14 ? 'key_a' : 'key_b' })),
    );
    columns.dropSegmentsBelow(2); // segments 0 and 1 hold records 0–13
    expect(columns.firstSeq).toBe(15);
    expect(columns.size).toBe(16);
    expect(columns.place(14)).toBeUndefined();
    expect(columns.place(15)).toEqual({ segment: 2, offset: 1400, length: 99 });
    expect(columns.scan({}, undefined, 100).seqs.at(-1)).toBe(15);
    expect(columns.keyActivity()).toEqual([
      { keyId: 'key_a', requests: 0, lastUsedMs: record(13).time_ms },
      { keyId: 'key_b', requests: 16, lastUsedMs: record(29).time_ms },
    ]);
  });

  it('keeps answering while it reclaims dropped room and grows past its first arrays', () => {
    const columns = new RequestColumns();
    let segment = 0;
    for (let i = 0; i < 10_000; i++) {
      if (i % 500 === 0 && i > 0) columns.dropSegmentsBelow(++segment - 3);
      columns.push(record(i, { status: i % 2 ? 201 : 429 }), { segment, offset: i, length: 1 });
    }
    expect(columns.size).toBe(2000);
    expect(columns.scan({ status: 429 }, undefined, 3)).toEqual({ seqs: [9999, 9997, 9995], matched: 1000 });
    expect(columns.candidates(record(9000).request_id)).toContain(9001);
  });
});
