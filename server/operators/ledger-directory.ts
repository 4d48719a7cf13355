// The operators' directory over the management store: operators are part of its state, and each
// change to one is a change line (its effect and its audit entry) appended as every other change
// is, so after a kill -9 both exist or neither does. On the embedded default that is the journal
// file, on Postgres the journal table; either way every process follows it within a second, and
// reads again at once for a token it does not know (an operator added a moment ago elsewhere).
import { entryOf } from '../../src/manage/apply.ts';
import { planOperatorChange } from '../../src/manage/changes/operators.ts';
import { changesNothing } from '../../src/manage/changes/plan.ts';
import type { ManageDeps } from '../../src/manage/deps.ts';
import { readUnseen, type ManageStore } from '../../src/manage/ledger.ts';
import type { Operator, OperatorChange, OperatorFold } from '../../src/operators/operator.ts';
import type { OperatorChangeBy, OperatorCheck, OperatorDirectory } from './directory.ts';

/** The operators of a management store; changes go into its trail. */
export class LedgerOperatorDirectory implements OperatorDirectory {
  private readonly store: ManageStore;
  private readonly deps: Pick<ManageDeps, 'clock' | 'blastOf'>;

  constructor(deps: Pick<ManageDeps, 'store' | 'clock' | 'blastOf'>) {
    this.store = deps.store;
    this.deps = deps;
  }

  private get operators(): Map<string, Operator> {
    return this.store.current().state.operators.byId;
  }

  list(): Promise<Operator[]> {
    return Promise.resolve([...this.operators.values()]);
  }

  count(): Promise<number> {
    return Promise.resolve(this.operators.size);
  }

  /** The operator with this id, reading again at once if unknown (a session opened elsewhere a moment ago). */
  byId(operatorId: string): Promise<Operator | null> {
    return this.found((operators) => operators.byId.get(operatorId));
  }

  byTokenHash(hashHex: string): Promise<Operator | null> {
    return this.found((operators) => operators.byTokenHash(hashHex));
  }

  /** What `find` finds in the operators, after reading other writers' changes once if nothing. */
  private async found(find: (operators: OperatorFold) => Operator | undefined): Promise<Operator | null> {
    const known = find(this.store.current().state.operators);
    if (known) return known;
    await readUnseen(this.store);
    return find(this.store.current().state.operators) ?? null;
  }

  apply(change: OperatorChange, by: OperatorChangeBy, check?: OperatorCheck): Promise<string | null> {
    return this.store.commit<string | null>((ledger) => {
      const operators = ledger.state.operators.byId;
      const refused = check?.([...operators.values()]) ?? null;
      if (refused !== null) return { answer: refused };
      const plan = planOperatorChange(ledger.state, change);
      if (plan === null)
        return {
          answer:
            change.event === 'added'
              ? `an operator numbered ${change.operator_id} exists already`
              : `no operator is numbered ${JSON.stringify(change.operator_id)}`,
        };
      // A role the operator has already, on the latest state (the caller's look may be a second old).
      if (changesNothing(plan)) return { answer: null };
      const meta = { ...by, idempotencyKey: null, requestSha256: null };
      return { write: { entry: entryOf(plan, meta, this.deps), effects: plan.effects }, then: () => null };
    });
  }

  /** The store is its opener's to close. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}
