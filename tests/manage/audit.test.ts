// The audit trail's pages: newest first, older pages under `cursor`, newer pages above
// `ending_before`, each saying whether a page lies beyond it in either direction, with the filters
// applied before the page is cut.
import { describe, expect, it } from 'vitest';
import { pageOf, type AuditEntry } from '../../src/manage/audit.ts';
import { auditQuerySchema, type AuditQuery } from '../../src/manage/contract.ts';
import { auditEntry } from './audit-entry.ts';

/** Ten entries, seq 1–10, one a minute; odd seqs revoke key_a, even seqs update key_b. */
const entries: AuditEntry[] = Array.from({ length: 10 }, (_, i) =>
  auditEntry(i + 1, {
    time: new Date(Date.UTC(2026, 10, 26, 9, i)).toISOString(),
    action: i % 2 === 0 ? 'key.revoke' : 'key.update',
    target: { type: 'key', id: i % 2 === 0 ? 'key_a' : 'key_b', name: 'k' },
  }),
);

const query = (params: Record<string, string>): AuditQuery => auditQuerySchema.parse(params);
const page = (params: Record<string, string>) => {
  const p = pageOf(entries, query(params), 0);
  return { seqs: p.entries.map((e) => e.seq), next: p.next_cursor, previous: p.previous_cursor };
};

describe('pages of the trail', () => {
  it.each([
    // The newest page: nothing newer.
    [{ limit: '3' }, { seqs: [10, 9, 8], next: '8', previous: null }],
    // Older than 8.
    [
      { limit: '3', cursor: '8' },
      { seqs: [7, 6, 5], next: '5', previous: '7' },
    ],
    // The oldest page: nothing older.
    [
      { limit: '3', cursor: '2' },
      { seqs: [1], next: null, previous: '1' },
    ],
    // Newer than 5: the three just above it, still newest first.
    [
      { limit: '3', ending_before: '5' },
      { seqs: [8, 7, 6], next: '6', previous: '8' },
    ],
    // Newer than 8: the newest page again, nothing newer.
    [
      { limit: '3', ending_before: '8' },
      { seqs: [10, 9], next: '9', previous: null },
    ],
    // Filtered before the cut: key_a's revocations only.
    [
      { limit: '2', target: 'key_a', cursor: '9' },
      { seqs: [7, 5], next: '5', previous: '7' },
    ],
    [
      { limit: '2', target: 'key_a', ending_before: '5' },
      { seqs: [9, 7], next: '7', previous: null },
    ],
  ])('%j', (params, expected) => {
    expect(page(params)).toEqual(expected);
  });

  it('walks back to the newest page from the oldest through previous cursors', () => {
    let current = page({ limit: '4', cursor: '3' });
    const seen = [...current.seqs];
    while (current.previous !== null) {
      current = page({ limit: '4', ending_before: current.previous });
      seen.unshift(...current.seqs);
    }
    expect(seen).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('an empty page beyond the end still points back', () => {
    expect(page({ limit: '3', cursor: '1' })).toEqual({ seqs: [], next: null, previous: '0' });
    expect(page({ limit: '3', ending_before: '10' })).toEqual({ seqs: [], next: '11', previous: null });
  });

  it('hands out only cursors it takes back, from any cursor it takes (found from outside)', () => {
    const asked: Record<string, string>[] = [
      { cursor: '0' },
      { ending_before: '999999999999' },
      { cursor: '999999999999' },
    ];
    for (const params of asked) {
      const { next, previous } = page({ limit: '3', ...params });
      for (const cursor of [next, previous].filter((c) => c !== null)) {
        expect(auditQuerySchema.safeParse({ cursor }).success, `${JSON.stringify(params)}: ${cursor}`).toBe(
          true,
        );
        expect(page({ limit: '3', cursor })).toBeDefined();
      }
    }
    expect(page({ limit: '3', cursor: '0' })).toEqual({ seqs: [], next: null, previous: '0' });
    expect(page({ limit: '3', ending_before: '999999999999' })).toEqual({
      seqs: [],
      next: '11',
      previous: null,
    });
  });
});
