// Parsing the Authorization header: the common `Bearer <key>` and every other spelling read alike.
import { describe, expect, it } from 'vitest';
import { authenticate, challenge, parseAuthorization } from '../../../src/api/orders/auth.ts';
import type { KeyRecord, KeyStore } from '../../../src/api/orders/deps.ts';

const malformed = { kind: 'malformed', reason: 'Expected "Authorization: Bearer <key>" with one key' };

describe('parseAuthorization', () => {
  it.each([
    ['Bearer sk_test_abc', { kind: 'bearer', token: 'sk_test_abc' }],
    ['bEaReR\tsk_test_abc==', { kind: 'bearer', token: 'sk_test_abc==' }],
    ['Bearer   sk_test_abc', { kind: 'bearer', token: 'sk_test_abc' }],
    ['  Bearer sk_test_abc  ', { kind: 'bearer', token: 'sk_test_abc' }],
    ['Bearer\u00a0sk_test_abc', { kind: 'missing' }],
    ['Bearer sk_test_abc extra', malformed],
    ['Bearer sk_test_a=bc', malformed],
    [`Bearer ${'a'.repeat(256)}`, { kind: 'bearer', token: 'a'.repeat(256) }],
    [`Bearer ${'a'.repeat(257)}`, malformed],
    ['Bearer', malformed],
    ['Basic dXNlcjpwYXNz', { kind: 'missing' }],
    ['Bearersk_test_abc', { kind: 'missing' }],
    ['', { kind: 'missing' }],
    [undefined, { kind: 'missing' }],
  ] as const)('%j is %j', (header, expected) => {
    expect(parseAuthorization(header)).toEqual(expected);
  });
});

describe('authenticate', () => {
  const key = { key_id: 'key_a', status: 'active', expires_at: null } as unknown as KeyRecord;
  const keys: KeyStore = { findByHash: (hex) => (hex === 'h:sk_a' ? key : undefined) };

  it('answers at once with a hash that answers at once, and after it with one that does not', async () => {
    expect(authenticate('sk_a', keys, 0, (input) => `h:${String(input)}`)).toEqual({ ok: true, key });
    const later = authenticate('sk_b', keys, 0, (input) => Promise.resolve(`h:${String(input)}`));
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toEqual({ ok: false, reason: 'The API key is not recognised', key: null });
  });
});

describe('challenge', () => {
  it('says its description in the characters RFC 6750 allows, so any name can be in it', () => {
    const header = challenge('insufficient_scope', 'Zoë 李 may not change "this" \\ here', 'keys:write');
    expect(header).toMatch(/^[\x20-\x7e]*$/);
    expect(header).toContain('error_description="Zo? ? may not change \'this\' / here"');
    // node:http takes it as a header value.
    expect(() => new Headers({ 'www-authenticate': header })).not.toThrow();
  });
});
