// The operators' directory: who may sign in to the console, with which role. The server's and the
// CLI's is the management store's (./ledger-directory.ts), so every change to an operator is in the
// audit trail, one write with its entry; MemoryOperatorDirectory serves tests and a gate given just
// a CONSOLE_TOKEN.
import type { ChangeMeta } from '../../src/manage/apply.ts';
import { OperatorFold, type Operator, type OperatorChange } from '../../src/operators/operator.ts';

/** Who changes an operator, and where from: what the change's audit entry records beside it. */
export type OperatorChangeBy = Pick<ChangeMeta, 'actor' | 'requestId' | 'sourceAddress' | 'userAgent'>;

/**
 * Why a change cannot be made, asked on the operators as they are when it is written (under the
 * store's lock, so two admins cannot both remove "the other" admin); null: it may.
 */
export type OperatorCheck = (operators: readonly Operator[]) => string | null;

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
  /**
   * Applies one change with its audit entry, unless `check` refuses it or it names no operator
   * (removed meanwhile): then nothing is written, and the answer says why. Null: applied, or
   * nothing to apply (a role the operator has already: no entry).
   */
  apply(change: OperatorChange, by: OperatorChangeBy, check?: OperatorCheck): Promise<string | null>;
  close(): Promise<void>;
}

/** Operators in memory only, with no trail (tests, and a gate given just a CONSOLE_TOKEN). */
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

  apply(change: OperatorChange, _by: OperatorChangeBy, check?: OperatorCheck): Promise<string | null> {
    const refused = check?.([...this.fold.byId.values()]) ?? null;
    if (refused === null) this.fold.apply(change);
    return Promise.resolve(refused);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
