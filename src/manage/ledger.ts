// The ledger: the state, the audit trail and the chain's head, folded from journal lines. Every
// store (memory, the embedded journal, Postgres) keeps one and appends through `seal`, so they
// answer alike. A `change` line carries one audit entry and its change's effects: they are one.
import { randomId } from '../api/orders/ids.ts';
import { chainText, genesisHash, type AuditEntry, type ChainSigner } from './audit.ts';
import type { IssuedKeysLine } from '../lib/issued-keys.ts';
import type { Effect } from './effects.ts';
import { ManageState, type ManageSeed } from './state.ts';

/**
 * One appended change: its entry, its effects, and the chain (the previous line's hash, its own,
 * and its signature where the store signs; lines from before signing have none).
 */
export interface ChangeLine {
  event: 'change';
  prev: string;
  hash: string;
  sig?: string;
  entry: AuditEntry;
  effects: Effect[];
}

/** An entry before the store gives it an id and a place. */
export type PendingEntry = Omit<AuditEntry, 'id' | 'seq'>;

/** A change to append: its entry and effects. */
export interface PendingChange {
  entry: PendingEntry;
  effects: Effect[];
}

/** Plain hex SHA-256 of a text. */
export type TextSha256 = (text: string) => string;

/** State, trail and chain head. */
export class Ledger {
  readonly state: ManageState;
  /** Every entry, oldest first. */
  readonly entries: AuditEntry[] = [];
  head = genesisHash;
  /** Every key line (issued, revoked, rotated, restored), oldest first: what the console's key pages fold. */
  readonly keyLines: IssuedKeysLine[] = [];
  private readonly versions = new Map<string, number>();
  private readonly idempotent = new Map<string, AuditEntry>();

  constructor(seed: ManageSeed) {
    this.state = new ManageState(seed);
  }

  /** The seq of the last entry, 0 before the first. */
  get seq(): number {
    return this.entries.at(-1)?.seq ?? 0;
  }

  /** A target's version: the seq of the last change made to it (0: never changed). */
  versionOf(type: string, id: string): number {
    // The whole workspace (a demo reset) changes with any change.
    if (type === 'workspace') return this.seq;
    return this.versions.get(`${type}:${id}`) ?? 0;
  }

  /** The entry an actor's Idempotency-Key already produced, if any. */
  byIdempotencyKey(actorId: string, key: string): AuditEntry | undefined {
    return this.idempotent.get(`${actorId}\n${key}`);
  }

  /** Folds a change line in. */
  applyChange(line: ChangeLine): void {
    const { entry } = line;
    for (const effect of line.effects) {
      this.state.apply(effect, entry.id);
      if (
        effect.event === 'issued' ||
        effect.event === 'revoked' ||
        effect.event === 'rotated' ||
        effect.event === 'restored'
      )
        this.keyLines.push(effect);
    }
    this.entries.push(entry);
    this.head = line.hash;
    this.versions.set(`${entry.target.type}:${entry.target.id}`, entry.seq);
    // A roll also makes the replacement, a demo reset changes many targets: each effect's target
    // has a new version.
    for (const effect of line.effects) {
      if ('key_id' in effect) this.versions.set(`key:${effect.key_id}`, entry.seq);
      if ('route_id' in effect) this.versions.set(`route:${effect.route_id}`, entry.seq);
      if ('consumer_id' in effect) this.versions.set(`consumer:${effect.consumer_id}`, entry.seq);
    }
    if (entry.idempotency_key !== null)
      this.idempotent.set(`${entry.actor.id}\n${entry.idempotency_key}`, entry);
  }

  /**
   * Folds in a line of the issued-keys file from before the trail (no entry): `head` is the chain
   * once it covers that line (preTrailText), so the first entry sealed binds every one of them.
   */
  applyLegacy(line: IssuedKeysLine, head: string): void {
    this.state.apply(line, null);
    this.keyLines.push(line);
    this.head = head;
  }

  /**
   * Gives a pending change its id, seq and hash, chained to this ledger's head, and its hash's
   * signature when given a signer (not yet applied).
   */
  seal(change: PendingChange, sha256: TextSha256, sign?: ChainSigner): ChangeLine {
    const entry: AuditEntry = { id: randomId('aud_', 16), seq: this.seq + 1, ...change.entry };
    // The line is stored as JSON and hashed as read back: serialise once, hash that text.
    const roundTrip = JSON.parse(JSON.stringify({ entry, effects: change.effects })) as {
      entry: AuditEntry;
      effects: Effect[];
    };
    const hash = sha256(chainText(this.head, roundTrip.entry, roundTrip.effects));
    const signed = sign ? { sig: sign(hash) } : {};
    return {
      event: 'change',
      prev: this.head,
      hash,
      ...signed,
      entry: roundTrip.entry,
      effects: roundTrip.effects,
    };
  }
}

/** What a decision over the latest state comes to: a change to append, or an answer without one. */
export type Decision<T> = { write: PendingChange; then: (entry: AuditEntry) => T } | { answer: T };

/** Where the management state and its trail live. */
export interface ManageStore {
  /** The ledger as this process knows it: its own changes at once, others' within a second. */
  current(): Ledger;
  /**
   * Decides on the latest state (other writers' changes read first) and appends what the decision
   * writes, durably, before answering. Writers are serialised, so two cannot chain to one head.
   */
  commit<T>(decide: (ledger: Ledger) => Decision<T>): Promise<T>;
  /** Reads other writers' changes now, where that is a local read (the journal file). */
  refresh?(): void;
  /**
   * Reads other writers' changes not seen yet, where that takes a round trip (Postgres), before a
   * credential or id this process does not know is refused: it may be a moment old. The store bounds
   * how often; it never rejects (a read that fails leaves the ledger as it was).
   */
  catchUp?(): Promise<void>;
  /** Stops following and releases what it holds. */
  close(): Promise<void>;
}

/**
 * Reads other writers' changes before a credential or id not known yet is refused: the store's
 * catch-up read where it has one (awaited), else its refresh (at once).
 */
export function readUnseen(store: ManageStore): Promise<void> | undefined {
  if (store.catchUp) return store.catchUp();
  store.refresh?.();
  return undefined;
}

/** A store in memory: the contract's reference, and the tests'. */
export class MemoryManageStore implements ManageStore {
  private readonly ledger: Ledger;
  private readonly sha256: TextSha256;

  constructor(seed: ManageSeed, sha256: TextSha256) {
    this.ledger = new Ledger(seed);
    this.sha256 = sha256;
  }

  /** The ledger. */
  current(): Ledger {
    return this.ledger;
  }

  /** Decides and applies at once. */
  commit<T>(decide: (ledger: Ledger) => Decision<T>): Promise<T> {
    const decision = decide(this.ledger);
    if ('answer' in decision) return Promise.resolve(decision.answer);
    const line = this.ledger.seal(decision.write, this.sha256);
    this.ledger.applyChange(line);
    return Promise.resolve(decision.then(line.entry));
  }

  /** Nothing to release. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}
