// The API's key store follows the issued-keys file: a new key works on first use; a revocation or a
// rotation of a key it knows (issued here or the workspace's own) counts for every request from one
// second after it was written, without a restart. The clock is injected: no sleeps.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FollowingKeyStore } from '../../server/issued-keys.ts';
import { authenticate } from '../../src/api/orders/auth.ts';
import type { KeyRecord } from '../../src/api/orders/deps.ts';
import { MapKeyStore } from '../../src/api/orders/memory-store.ts';
import { appendIssuedKeysLines } from '../../src/lib/issued-keys-file.ts';
import type { IssuedLine } from '../../src/lib/issued-keys.ts';
import { issuedLine } from '../helpers/issued-key-lines.ts';

const dir = mkdtempSync(join(tmpdir(), 'estate-issued-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const freshFile = () => join(dir, `issued-keys-${files++}.jsonl`);

const issued = issuedLine({ key_id: 'key_issued', name: 'test app' });
const workspaceHash = 'c'.repeat(64);
const workspaceKey: KeyRecord = {
  key_id: 'key_workspace',
  environment: 'production',
  status: 'active',
  plan: 'Growth',
  rpm_budget: 1200,
  scopes: ['orders:write'],
  expires_at: null,
  quota_orders_per_month: 1000,
};

/** A store over one workspace key and a fresh file, on a clock the test moves. */
function storeOnClock(recheckMs = 1000) {
  const clock = { ms: 0 };
  const file = freshFile();
  const store = new FollowingKeyStore(new MapKeyStore([[workspaceHash, workspaceKey]]), file, () => 500, {
    recheckMs,
    now: () => clock.ms,
  });
  return { clock, file, store };
}

describe('FollowingKeyStore', () => {
  it('finds a key issued after it started, on first use, with its plan quota', () => {
    const { file, store } = storeOnClock();
    appendIssuedKeysLines(file, [issued]);
    expect(store.findByHash(issued.key_hash_sha256)).toMatchObject({
      key_id: 'key_issued',
      status: 'active',
      quota_orders_per_month: 500,
    });
  });

  it.each([
    // [whose key, its hash, the revocation line]
    [
      'an issued key',
      issued.key_hash_sha256,
      { key_id: 'key_issued', key_hash_sha256: issued.key_hash_sha256 },
    ],
    ['a workspace key', workspaceHash, { key_id: 'key_workspace', key_hash_sha256: workspaceHash }],
  ])('sees the revocation of %s it knows one second after its last look, not before', (_whose, hash, key) => {
    const { clock, file, store } = storeOnClock();
    appendIssuedKeysLines(file, [issued]);
    expect(store.findByHash(hash)?.status).toBe('active');
    clock.ms = 250; // the last look was at 0 (an unknown hash reads at once)
    appendIssuedKeysLines(file, [{ event: 'revoked', ...key, revoked_at: '2026-11-02T00:00:00Z' }]);
    clock.ms = 999;
    expect(store.findByHash(hash)?.status).toBe('active');
    clock.ms = 1000;
    expect(store.findByHash(hash)?.status).toBe('revoked');
  });

  it.each([0, 1, 400, 999, 1000, 1700])(
    'sees a revocation written %i ms after its last look within one second of the write',
    (writtenAfterMs) => {
      const { clock, file, store } = storeOnClock();
      clock.ms = 5000;
      expect(store.findByHash(workspaceHash)?.status).toBe('active'); // looks at 5000
      clock.ms = 5000 + writtenAfterMs;
      appendIssuedKeysLines(file, [
        {
          event: 'revoked',
          key_id: 'key_workspace',
          key_hash_sha256: workspaceHash,
          revoked_at: '2026-11-02T00:00:00Z',
        },
      ]);
      // Requests every 100 ms from the write on: the first to see it comes within 1000 ms.
      let seenAfterMs = Infinity;
      for (let t = 0; t <= 2000 && seenAfterMs === Infinity; t += 100) {
        clock.ms = 5000 + writtenAfterMs + t;
        if (store.findByHash(workspaceHash)?.status === 'revoked') seenAfterMs = t;
      }
      expect(seenAfterMs).toBeLessThanOrEqual(1000);
    },
  );

  it('ignores a change to a workspace key this workspace does not hold', () => {
    const { clock, file, store } = storeOnClock();
    appendIssuedKeysLines(file, [
      {
        event: 'revoked',
        key_id: 'key_workspace',
        key_hash_sha256: 'd'.repeat(64),
        revoked_at: '2026-11-02T00:00:00Z',
      },
      {
        event: 'revoked',
        key_id: 'key_elsewhere',
        key_hash_sha256: 'e'.repeat(64),
        revoked_at: '2026-11-02T00:00:00Z',
      },
    ]);
    clock.ms = 1000;
    expect(store.findByHash(workspaceHash)?.status).toBe('active');
    expect(store.findByHash('d'.repeat(64))).toBeUndefined();
    expect(store.findByHash('e'.repeat(64))).toBeUndefined();
  });

  it.each([
    // [what is undone, the change before the restoration]
    [
      'a revocation',
      {
        event: 'revoked',
        key_id: 'key_workspace',
        key_hash_sha256: workspaceHash,
        revoked_at: '2026-11-02T00:00:00Z',
      },
    ],
    [
      'a rotation',
      {
        event: 'rotated',
        key_id: 'key_workspace',
        key_hash_sha256: workspaceHash,
        replaced_by: 'key_new',
        rotated_at: '2026-11-02T00:00:00Z',
        rotation_ends_at: '2026-11-03T00:00:00Z',
      },
    ],
  ] as const)('returns a workspace key to its own record when %s is restored', (_what, change) => {
    const { clock, file, store } = storeOnClock();
    appendIssuedKeysLines(file, [change]);
    clock.ms = 1000;
    expect(store.findByHash(workspaceHash)).not.toEqual(workspaceKey);
    appendIssuedKeysLines(file, [
      {
        event: 'restored',
        key_id: 'key_workspace',
        key_hash_sha256: workspaceHash,
        restored_at: '2026-11-04T00:00:00Z',
      },
    ]);
    clock.ms = 2000;
    expect(store.findByHash(workspaceHash)).toEqual(workspaceKey);
  });

  it('still reads a revocation written the first way: a later issued line for the same key', () => {
    const { clock, file, store } = storeOnClock();
    appendIssuedKeysLines(file, [issued]);
    expect(store.findByHash(issued.key_hash_sha256)?.status).toBe('active');
    appendIssuedKeysLines(file, [{ ...issued, status: 'revoked' }]);
    clock.ms = 1000;
    expect(store.findByHash(issued.key_hash_sha256)?.status).toBe('revoked');
  });
});

describe('a rotated key, as authenticate() answers it', () => {
  const sha256 = (input: string | Uint8Array) => String(input);
  const replacement: IssuedLine = {
    ...issued,
    key_id: 'key_new',
    key_hash_sha256: 'b'.repeat(64),
    replaces: 'key_workspace',
  };
  const rotatedAt = Date.parse('2026-11-02T00:00:00.000Z');
  const endsAt = '2026-11-03T00:00:00.000Z';
  const { clock, file, store } = storeOnClock();
  appendIssuedKeysLines(file, [
    replacement,
    {
      event: 'rotated',
      key_id: 'key_workspace',
      key_hash_sha256: workspaceHash,
      replaced_by: 'key_new',
      rotated_at: new Date(rotatedAt).toISOString(),
      rotation_ends_at: endsAt,
    },
  ]);
  clock.ms = 1000; // a second after the store's last look: the rotation counts

  it.each([
    // [when, the old key's answer]
    ['during the overlap', Date.parse(endsAt) - 1, { ok: true }],
    [
      'once the overlap has ended',
      Date.parse(endsAt),
      { ok: false, reason: 'The API key has been rotated; use its replacement' },
    ],
  ])('the old key %s', async (_when, nowMs, answer) => {
    expect(await authenticate(workspaceHash, store, nowMs, sha256)).toMatchObject(answer);
  });

  it('the replacement works at once, with the old key terms', async () => {
    expect(await authenticate('b'.repeat(64), store, rotatedAt, sha256)).toMatchObject({
      ok: true,
      key: { key_id: 'key_new' },
    });
  });
});
