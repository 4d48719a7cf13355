// The operators' directory: who may sign in to the console, with which role. Each operator signs
// in with a token of their own, stored only as its SHA-256 (as API keys are). Two stores implement
// it: an append-only file (./operator-file.ts, the embedded default) and a Postgres table
// (./postgres-operators.ts, with DATABASE_URL).
import { z } from 'zod';
import { roles, type Role } from '../../src/operators/roles.ts';

/** An operator as stored: never the token, only its hash. */
export interface Operator {
  /** `op_…` */
  operator_id: string;
  /** Unique, as people read it (the audit trail's actor name). */
  name: string;
  role: Role;
  /** SHA-256 of the operator's sign-in token, hex. */
  token_hash_sha256: string;
  /** ISO 8601, UTC. */
  created_at: string;
}

/** A change to the directory, as the file store appends it (one JSON line each). */
export const operatorChangeSchema = z.discriminatedUnion('event', [
  z.strictObject({
    event: z.literal('added'),
    operator_id: z.string().regex(/^op_[A-Za-z0-9]+$/),
    name: z.string().min(1),
    role: z.enum(roles),
    token_hash_sha256: z.string().regex(/^[0-9a-f]{64}$/),
    at: z.iso.datetime(),
  }),
  z.strictObject({
    event: z.literal('role_changed'),
    operator_id: z.string(),
    role: z.enum(roles),
    at: z.iso.datetime(),
  }),
  z.strictObject({
    event: z.literal('token_reissued'),
    operator_id: z.string(),
    token_hash_sha256: z.string().regex(/^[0-9a-f]{64}$/),
    at: z.iso.datetime(),
  }),
  z.strictObject({ event: z.literal('removed'), operator_id: z.string(), at: z.iso.datetime() }),
]);

/** One change to the directory. */
export type OperatorChange = z.infer<typeof operatorChangeSchema>;

/** Where operators are kept; every read is at most a second stale for changes made elsewhere. */
export interface OperatorDirectory {
  /** Every operator, oldest first. */
  list(): Promise<Operator[]>;
  /** How many operators there are (none: the console may be open). */
  count(): Promise<number>;
  /** The operator with this id. */
  byId(operatorId: string): Promise<Operator | null>;
  /** The operator whose token hashes to this, looking again at once if unknown (a new operator). */
  byTokenHash(hashHex: string): Promise<Operator | null>;
  /** Applies one change (the caller checked it makes sense). */
  apply(change: OperatorChange): Promise<void>;
  close(): Promise<void>;
}

/** Folds changes into operators by id (the file store's replay, and tests). */
export class OperatorFold {
  /** The operators so far, by id, in the order they were added. */
  readonly byId = new Map<string, Operator>();
  private readonly byHash = new Map<string, string>();

  /** Applies one change; a change naming an unknown operator changes nothing. */
  apply(change: OperatorChange): void {
    const known = this.byId.get(change.operator_id);
    if (change.event === 'added') {
      const { event: _event, at, ...rest } = change;
      this.byId.set(change.operator_id, { ...rest, created_at: at });
      this.byHash.set(change.token_hash_sha256, change.operator_id);
      return;
    }
    if (!known) return;
    if (change.event === 'removed') {
      this.byId.delete(change.operator_id);
      this.byHash.delete(known.token_hash_sha256);
    } else if (change.event === 'role_changed') {
      this.byId.set(known.operator_id, { ...known, role: change.role });
    } else {
      this.byHash.delete(known.token_hash_sha256);
      this.byHash.set(change.token_hash_sha256, known.operator_id);
      this.byId.set(known.operator_id, { ...known, token_hash_sha256: change.token_hash_sha256 });
    }
  }

  /** The operator whose token hashes to `hashHex`. */
  byTokenHash(hashHex: string): Operator | undefined {
    const id = this.byHash.get(hashHex);
    return id === undefined ? undefined : this.byId.get(id);
  }
}

/** Operators in memory only (tests, and a gate given just a CONSOLE_TOKEN). */
export class MemoryOperatorDirectory implements OperatorDirectory {
  private readonly fold = new OperatorFold();

  list(): Promise<Operator[]> {
    return Promise.resolve([...this.fold.byId.values()]);
  }

  count(): Promise<number> {
    return Promise.resolve(this.fold.byId.size);
  }

  byId(operatorId: string): Promise<Operator | null> {
    return Promise.resolve(this.fold.byId.get(operatorId) ?? null);
  }

  byTokenHash(hashHex: string): Promise<Operator | null> {
    return Promise.resolve(this.fold.byTokenHash(hashHex) ?? null);
  }

  apply(change: OperatorChange): Promise<void> {
    this.fold.apply(operatorChangeSchema.parse(change));
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
