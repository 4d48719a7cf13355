// Keys issued at run time (`npm run keys:issue`): an append-only JSONL file of hashes, never
// material. The server's key store re-reads new lines when it meets a hash it does not know.
import { appendFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { KeyRecord, KeyStore } from '../src/api/orders/deps.ts';
import type { MapKeyStore } from '../src/api/orders/memory-store.ts';
import { toKeyRecord } from '../src/api/orders/world-deps.ts';
import { scanLines } from './file-lines.ts';

/** One line of the issued-keys file. */
export interface IssuedKeyLine {
  key_id: string;
  name: string;
  environment: KeyRecord['environment'];
  status: KeyRecord['status'];
  plan: string;
  rpm_budget: number;
  scopes: string[];
  created_at: string;
  expires_at: string | null;
  key_hash_sha256: string;
  key_prefix: string;
  key_last4: string;
  /** Overrides the plan's monthly order quota for this key (e.g. a benchmark key). */
  quota_orders_per_month?: number;
}

/** The issued-keys file: ESTATE_ISSUED_KEYS, else data/issued-keys.jsonl. */
export function issuedKeysFile(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.ESTATE_ISSUED_KEYS ?? 'data/issued-keys.jsonl');
}

/** Appends one issued key (hash only). */
export function appendIssuedKey(file: string, line: IssuedKeyLine): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, JSON.stringify(line) + '\n', { mode: 0o600 });
}

/** A key store over workspace keys plus the issued-keys file, following the file as it grows. */
export class FollowingKeyStore implements KeyStore {
  private offset = 0;
  private readonly keys: MapKeyStore;
  private readonly file: string;
  private readonly quotaOf: (plan: string) => number;

  private readonly recheckMs: number;
  private readonly now: () => number;
  private checkedAt: number;

  constructor(
    keys: MapKeyStore,
    file: string,
    quotaOf: (plan: string) => number,
    options: { recheckMs?: number; now?: () => number } = {},
  ) {
    this.keys = keys;
    this.file = file;
    this.quotaOf = quotaOf;
    this.recheckMs = options.recheckMs ?? 1000;
    this.now = options.now ?? (() => performance.now());
    this.checkedAt = this.now();
    this.catchUp();
  }

  /**
   * The key for a hash. Reads lines appended since the last look when the hash is unknown (a key
   * issued a moment ago works at once), and at most every `recheckMs` otherwise (a later line for a
   * known hash, such as a revocation, takes effect within that time).
   */
  findByHash(hashHex: string): KeyRecord | undefined {
    const now = this.now();
    if (now - this.checkedAt >= this.recheckMs || !this.keys.findByHash(hashHex)) {
      this.checkedAt = now;
      this.catchUp();
    }
    return this.keys.findByHash(hashHex);
  }

  /** Reads complete lines appended since the last call; true when any were added. */
  private catchUp(): boolean {
    if (!existsSync(this.file) || statSync(this.file).size <= this.offset) return false;
    let added = false;
    this.offset = scanLines(
      this.file,
      (raw) => {
        try {
          const line = JSON.parse(raw.toString('utf8')) as IssuedKeyLine;
          this.keys.add(
            line.key_hash_sha256,
            toKeyRecord(line, line.quota_orders_per_month ?? this.quotaOf(line.plan)),
          );
          added = true;
        } catch {
          // Not a key line: ignored.
        }
      },
      this.offset,
    );
    return added;
  }
}
