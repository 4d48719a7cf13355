// Keys issued on this server as the console lists them: only keys with an `issued` line, their
// status now (revoked, rotated once the overlap ends, expired), and their live use from the log.
import { describe, expect, it } from 'vitest';
import { IssuedKeys } from '../../src/lib/issued-keys.ts';
import { issuedKeyRows } from '../../src/live/issued-here.ts';
import { issuedLine, revokedLine, rotatedLine } from '../helpers/issued-key-lines.ts';

const now = Date.parse('2026-11-10T00:00:00Z');
const hashB = 'b'.repeat(64);

function fold(...lines: Parameters<IssuedKeys['apply']>[0][]): IssuedKeys {
  const keys = new IssuedKeys();
  for (const line of lines) keys.apply(line);
  return keys;
}

describe('issuedKeyRows', () => {
  it('lists only keys issued here, newest first, with their live use', () => {
    const keys = fold(
      issuedLine(),
      issuedLine({ key_id: 'key_b', key_hash_sha256: hashB, created_at: '2026-11-05T00:00:00.000Z' }),
      // a workspace key revoked from the CLI has no issued line: it is not "issued here"
      revokedLine('key_workspace', 'c'.repeat(64), '2026-11-02T00:00:00.000Z'),
    );
    const rows = issuedKeyRows(keys, [{ keyId: 'key_a', requests: 7, lastUsedMs: now - 1000 }], now);
    expect(rows.map((r) => [r.issued.key_id, r.requests, r.lastUsedMs])).toEqual([
      ['key_b', 0, null],
      ['key_a', 7, now - 1000],
    ]);
  });

  it.each([
    // as issued
    [[], 'active', false],
    // revoked at once
    [[revokedLine('key_a', 'a'.repeat(64), '2026-11-02T00:00:00.000Z')], 'revoked', false],
    // rotated, still in its overlap: it still works
    [
      [rotatedLine('key_a', 'a'.repeat(64), 'key_b', '2026-11-09T00:00:00.000Z', '2026-11-11T00:00:00.000Z')],
      'active',
      false,
    ],
    // rotated, overlap over
    [
      [rotatedLine('key_a', 'a'.repeat(64), 'key_b', '2026-11-01T00:00:00.000Z', '2026-11-03T00:00:00.000Z')],
      'rotated',
      false,
    ],
  ] as const)('after %j the key reads %s', (changes, status, expired) => {
    const [row] = issuedKeyRows(fold(issuedLine(), ...changes), [], now);
    expect(row?.status).toBe(status);
    expect(row?.expired).toBe(expired);
  });

  it('marks a key whose expiry has passed', () => {
    const [past] = issuedKeyRows(fold(issuedLine({ expires_at: '2026-11-09T23:59:59.000Z' })), [], now);
    const [future] = issuedKeyRows(fold(issuedLine({ expires_at: '2026-11-10T00:00:01.000Z' })), [], now);
    expect([past?.expired, future?.expired]).toEqual([true, false]);
    expect([past?.status, future?.status]).toEqual(['expired', 'active']);
  });
});
