// An audit entry's before and after, field by field: only what changed, absent values as "none".
import { describe, expect, it } from 'vitest';
import { changedFields } from '../../src/live/audit-diff.ts';

describe('changed fields', () => {
  it.each([
    // An update: only the changed field.
    [
      { rpm_budget: 60, name: 'a' },
      { rpm_budget: 120, name: 'a' },
      [{ field: 'rpm_budget', before: '60', after: '120' }],
    ],
    // A creation: every field of the new object.
    [
      null,
      { name: 'b', scopes: ['orders:read'] },
      [
        { field: 'name', before: 'none', after: 'b' },
        { field: 'scopes', before: 'none', after: '["orders:read"]' },
      ],
    ],
    // A field set to null counts as absent on the other side too.
    [
      { revoked_at: null },
      { revoked_at: '2026-11-26T09:00:00Z' },
      [{ field: 'revoked_at', before: 'none', after: '2026-11-26T09:00:00Z' }],
    ],
    // Nothing changed.
    [{ a: 1 }, { a: 1 }, []],
  ])('%j → %j', (before, after, expected) => {
    expect(changedFields(before, after)).toEqual(expected);
  });
});
