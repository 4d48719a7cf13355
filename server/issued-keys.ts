// The API's key store: the workspace's keys plus the issued-keys file (src/node/issued-keys-file.ts),
// followed as it grows, so a key issued, revoked or rotated from the CLI counts without a restart.
import type { KeyRecord, KeyStore } from '../src/api/orders/deps.ts';
import type { MapKeyStore } from '../src/api/orders/memory-store.ts';
import { toKeyRecord } from '../src/api/orders/world-deps.ts';
import { IssuedKeysReader } from '../src/node/issued-keys-file.ts';
import type { KeyLifecycle } from '../src/lib/issued-keys.ts';

/**
 * A key record with what its lifecycle changed: revoked, or rotated with the end of its overlap.
 * `record` is the key as issued (or as the workspace holds it), before any change.
 */
export function withLifecycle(record: KeyRecord, key: KeyLifecycle): KeyRecord {
  const { rotation_ends_at: ownEnd, ...rest } = record;
  const ends = key.rotation_ends_at ?? ownEnd;
  return {
    ...rest,
    status: key.revoked_at ? 'revoked' : record.status,
    ...(ends ? { rotation_ends_at: ends } : {}),
  };
}

/** A key store over workspace keys plus the issued-keys file, following the file as it grows. */
export class FollowingKeyStore implements KeyStore {
  private readonly keys: MapKeyStore;
  private readonly reader: IssuedKeysReader;
  private readonly quotaOf: (plan: string) => number;
  private readonly recheckMs: number;
  private readonly now: () => number;
  private checkedAt: number;
  /** Workspace keys as the workspace holds them, by hash, before a line changed them. */
  private readonly originals = new Map<string, KeyRecord>();

  constructor(
    keys: MapKeyStore,
    file: string,
    quotaOf: (plan: string) => number,
    options: { recheckMs?: number; now?: () => number } = {},
  ) {
    this.keys = keys;
    this.reader = new IssuedKeysReader(file);
    this.quotaOf = quotaOf;
    this.recheckMs = options.recheckMs ?? 1000;
    this.now = options.now ?? (() => performance.now());
    this.checkedAt = this.now();
    this.catchUp();
  }

  /**
   * The key for a hash. Reads lines appended since the last look when the hash is unknown (a key
   * issued a moment ago works at once), and otherwise once `recheckMs` have passed since the last
   * look (a revocation or rotation of a known key counts for every request from then on).
   */
  findByHash(hashHex: string): KeyRecord | undefined {
    const now = this.now();
    if (now - this.checkedAt >= this.recheckMs || !this.keys.findByHash(hashHex)) {
      this.checkedAt = now;
      this.catchUp();
    }
    return this.keys.findByHash(hashHex);
  }

  /** Folds in the lines appended since the last call, and updates the records they changed. */
  private catchUp(): void {
    for (const key of this.reader.catchUp()) {
      const base = key.issued
        ? toKeyRecord(key.issued, key.issued.quota_orders_per_month ?? this.quotaOf(key.issued.plan))
        : this.original(key.key_hash_sha256);
      // A line about a workspace key this workspace does not hold changes nothing.
      if (base?.key_id === key.key_id) this.keys.add(key.key_hash_sha256, withLifecycle(base, key));
    }
  }

  /** A workspace key's own record (kept the first time a line changes it, so a restoration can return to it). */
  private original(hashHex: string): KeyRecord | undefined {
    let record = this.originals.get(hashHex);
    if (!record) {
      record = this.keys.findByHash(hashHex);
      if (record) this.originals.set(hashHex, record);
    }
    return record;
  }
}
