// The issued-keys file's lines and their fold: each change is a line; the fold gives each key's
// lifecycle (who replaced whom, when it was revoked or rotated) for the API and the console.
import { describe, expect, it } from 'vitest';
import {
  formatIssuedKeysLine,
  IssuedKeys,
  parseIssuedKeysLine,
  statusAt,
} from '../../src/lib/issued-keys.ts';
import { issuedLine, restoredLine, revokedLine, rotatedLine } from '../helpers/issued-key-lines.ts';

const hashA = 'a'.repeat(64);
const hashB = 'b'.repeat(64);
const issued = issuedLine();

describe('parseIssuedKeysLine', () => {
  it.each([
    issued,
    revokedLine('key_a', hashA, '2026-11-02T00:00:00.000Z'),
    rotatedLine('key_a', hashA, 'key_b', '2026-11-02T00:00:00Z', '2026-11-16T00:00:00Z'),
    restoredLine('key_a', hashA, '2026-11-03T00:00:00.000Z'),
  ])('reads back what it writes: %j', (line) => {
    expect(parseIssuedKeysLine(formatIssuedKeysLine(line).trimEnd())).toEqual(line);
  });

  it('reads a line of the first version (no event) as an issued line', () => {
    const { event: _event, ...legacy } = issued;
    expect(parseIssuedKeysLine(JSON.stringify(legacy))).toEqual(issued);
  });

  it.each([
    // [why it is skipped, the text]
    ['torn', formatIssuedKeysLine(issued).slice(0, 40)],
    ['not an object', '42'],
    ['null', 'null'],
    ['an unknown event', JSON.stringify({ ...issued, event: 'paused' })],
    ['a hash that is not hex SHA-256', JSON.stringify({ ...issued, key_hash_sha256: 'abc' })],
    ['a time that is not ISO 8601', JSON.stringify(revokedLine('key_a', hashA, 'yesterday'))],
    [
      'a revocation without its key',
      JSON.stringify({ event: 'revoked', revoked_at: '2026-11-02T00:00:00Z' }),
    ],
  ])('skips a line that is %s', (_why, text) => {
    expect(parseIssuedKeysLine(text)).toBeNull();
  });
});

describe('IssuedKeys', () => {
  it('folds a rotation: the new key knows what it replaces, the old one its replacement and overlap', () => {
    const keys = new IssuedKeys();
    keys.apply(issued);
    keys.apply({ ...issued, key_id: 'key_b', key_hash_sha256: hashB, replaces: 'key_a' });
    keys.apply(rotatedLine('key_a', hashA, 'key_b', '2026-11-02T00:00:00.000Z', '2026-11-16T00:00:00.000Z'));
    expect(keys.get('key_a')).toMatchObject({
      replaced_by: 'key_b',
      rotated_at: '2026-11-02T00:00:00.000Z',
      rotation_ends_at: '2026-11-16T00:00:00.000Z',
      revoked_at: null,
    });
    expect(keys.get('key_b')).toMatchObject({ replaces: 'key_a', replaced_by: null });
    expect(keys.get('key_a')?.changes.map((c) => c.event)).toEqual(['issued', 'rotated']);
  });

  it('folds a change to a workspace key it has no issued line for', () => {
    const keys = new IssuedKeys();
    keys.apply(revokedLine('key_ws', hashB, '2026-11-02T00:00:00.000Z'));
    expect(keys.get('key_ws')).toMatchObject({
      issued: null,
      key_hash_sha256: hashB,
      revoked_at: '2026-11-02T00:00:00.000Z',
    });
    expect(keys.find('key_ws', hashB)).toBe(keys.get('key_ws'));
    expect(keys.find('key_ws', hashA)).toBeUndefined();
  });

  it('keeps the first revocation and the first rotation of a key', () => {
    const keys = new IssuedKeys();
    keys.apply(issued);
    keys.apply(rotatedLine('key_a', hashA, 'key_b', '2026-11-02T00:00:00Z', '2026-11-03T00:00:00Z'));
    keys.apply(rotatedLine('key_a', hashA, 'key_c', '2026-11-04T00:00:00Z', '2026-11-05T00:00:00Z'));
    keys.apply(revokedLine('key_a', hashA, '2026-11-06T00:00:00Z'));
    keys.apply(revokedLine('key_a', hashA, '2026-11-07T00:00:00Z'));
    expect(keys.get('key_a')).toMatchObject({
      replaced_by: 'key_b',
      rotation_ends_at: '2026-11-03T00:00:00Z',
      revoked_at: '2026-11-06T00:00:00Z',
    });
    expect(keys.get('key_a')?.changes).toHaveLength(5);
  });

  it('starts a key over when a line names it with another hash (a workspace simulated again)', () => {
    const keys = new IssuedKeys();
    keys.apply(revokedLine('key_demo', hashA, '2026-11-02T00:00:00Z'));
    keys.apply(rotatedLine('key_demo', hashB, 'key_new', '2026-11-05T00:00:00Z', '2026-11-06T00:00:00Z'));
    expect(keys.get('key_demo')).toMatchObject({
      key_hash_sha256: hashB,
      revoked_at: null,
      replaced_by: 'key_new',
    });
    expect(keys.all()).toHaveLength(1);
  });

  it('replaces an issued line by a later one for the same key (how the first version revoked)', () => {
    const keys = new IssuedKeys();
    keys.apply(issued);
    keys.apply({ ...issued, status: 'revoked' });
    expect(keys.get('key_a')?.issued?.status).toBe('revoked');
  });
});

describe('a restoration', () => {
  it.each([
    // [what was undone, the line before the restoration]
    ['a revocation', revokedLine('key_ws', hashB, '2026-11-02T00:00:00Z')],
    ['a rotation', rotatedLine('key_ws', hashB, 'key_new', '2026-11-02T00:00:00Z', '2026-11-03T00:00:00Z')],
  ])('undoes %s of a workspace key, and keeps the history', (_what, change) => {
    const keys = new IssuedKeys();
    keys.apply(change);
    keys.apply(restoredLine('key_ws', hashB, '2026-11-04T00:00:00Z'));
    expect(keys.get('key_ws')).toMatchObject({
      revoked_at: null,
      rotated_at: null,
      rotation_ends_at: null,
      replaced_by: null,
      restored_at: '2026-11-04T00:00:00Z',
    });
    expect(keys.get('key_ws')?.changes.map((c) => c.event)).toEqual([change.event, 'restored']);
    expect(statusAt('active', keys.get('key_ws'), Date.parse('2026-11-05T00:00:00Z'))).toBe('active');
  });

  it('lets a later revocation count again', () => {
    const keys = new IssuedKeys();
    keys.apply(revokedLine('key_ws', hashB, '2026-11-02T00:00:00Z'));
    keys.apply(restoredLine('key_ws', hashB, '2026-11-04T00:00:00Z'));
    keys.apply(revokedLine('key_ws', hashB, '2026-11-06T00:00:00Z'));
    expect(keys.get('key_ws')?.revoked_at).toBe('2026-11-06T00:00:00Z');
  });
});

describe('statusAt', () => {
  const keys = new IssuedKeys();
  keys.apply(issued);
  keys.apply(rotatedLine('key_a', hashA, 'key_b', '2026-11-02T00:00:00.000Z', '2026-11-16T00:00:00.000Z'));
  const rotating = keys.get('key_a');
  const revokedKey = new IssuedKeys().apply(revokedLine('key_r', hashA, '2026-11-02T00:00:00.000Z'));

  it.each([
    // [what, base status, lifecycle, when, status]
    ['no lifecycle keeps its status', 'expiring', undefined, '2026-11-20T00:00:00.000Z', 'expiring'],
    ['in the overlap it still works', 'active', rotating, '2026-11-15T23:59:59.999Z', 'active'],
    ['at the end of the overlap it is rotated', 'active', rotating, '2026-11-16T00:00:00.000Z', 'rotated'],
    ['revoked is revoked at once', 'active', revokedKey, '2026-11-01T00:00:00.000Z', 'revoked'],
  ] as const)('%s', (_what, base, lifecycle, when, status) => {
    expect(statusAt(base, lifecycle, Date.parse(when))).toBe(status);
  });
});
