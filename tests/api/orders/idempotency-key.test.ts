// The Idempotency-Key header: an sf-string or a bare token, 1–255 visible ASCII characters, and a
// value that opens a quoted string without ending it is refused, not taken as a bare key.
import { describe, expect, it } from 'vitest';
import { parseIdempotencyKey } from '../../../src/api/orders/idempotency-key.ts';

describe('parseIdempotencyKey', () => {
  it.each([
    ['tok1', 'tok1'],
    ['"tok1"', 'tok1'],
    [' "a\\"b" ', 'a"b'],
    ['550e8400-e29b-41d4-a716-446655440000', '550e8400-e29b-41d4-a716-446655440000'],
  ])('reads %j as the key %j', (value, key) => {
    expect(parseIdempotencyKey(value)).toEqual({ kind: 'key', key });
  });

  it.each(['"a', '"a\\"', '', '""', '"a b"', 'x'.repeat(256)])('refuses %j', (value) => {
    expect(parseIdempotencyKey(value).kind).toBe('invalid');
  });

  it('says what is wrong with a quoted string left open', () => {
    expect(parseIdempotencyKey('"a')).toEqual({
      kind: 'invalid',
      reason: 'Idempotency-Key opens a quoted string it does not close; send "…" or a bare token',
    });
  });
});
