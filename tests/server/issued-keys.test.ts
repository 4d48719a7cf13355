// Keys issued at run time: a new key works on first use, and a later line for the same hash (a
// revocation) takes effect within the recheck interval, without a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appendIssuedKey, FollowingKeyStore, type IssuedKeyLine } from '../../server/issued-keys.ts';
import { MapKeyStore } from '../../src/api/orders/memory-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'estate-issued-'));
const file = join(dir, 'issued-keys.jsonl');
const line: IssuedKeyLine = {
  key_id: 'key_issued',
  name: 'test app',
  environment: 'sandbox',
  status: 'active',
  plan: 'Sandbox',
  rpm_budget: 60,
  scopes: ['orders:write'],
  created_at: '2026-11-01T00:00:00Z',
  expires_at: null,
  key_hash_sha256: 'a'.repeat(64),
  key_prefix: 'sk_test',
  key_last4: 'abcd',
};

describe('FollowingKeyStore', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let nowMs = 0;
  const store = new FollowingKeyStore(new MapKeyStore(), file, () => 1000, {
    recheckMs: 1000,
    now: () => nowMs,
  });

  it('finds a key issued after it started, on first use', () => {
    appendIssuedKey(file, line);
    expect(store.findByHash(line.key_hash_sha256)?.status).toBe('active');
  });

  it('sees a revocation of a known key once the recheck interval has passed, not before', () => {
    appendIssuedKey(file, { ...line, status: 'revoked' });
    nowMs += 999;
    expect(store.findByHash(line.key_hash_sha256)?.status).toBe('active');
    nowMs += 1;
    expect(store.findByHash(line.key_hash_sha256)?.status).toBe('revoked');
  });
});
