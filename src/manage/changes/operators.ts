// Changes to the console's operators as audited changes: each is one effect (the operator change)
// beside its audit entry, so an operator added, re-roled, re-tokened or removed is in the trail with
// who did it, atomic with the change. Their checks (a name taken, the last admin) are the callers'
// (server/operators/operators.ts), asked on the latest state under the store's lock.
import { operatorView, type OperatorChange } from '../../operators/operator.ts';
import type { ManageState } from '../state.ts';
import type { ChangePlan } from './plan.ts';

const actions = {
  added: 'operator.add',
  role_changed: 'operator.change_role',
  token_reissued: 'operator.reissue_token',
  removed: 'operator.remove',
} as const;

/**
 * The plan of a change to the operators: its action, target, and the operator before and after
 * (never the token's hash; a new token shows as `token_reissued_at`). Null when it names no
 * operator (removed meanwhile) or, for an addition, one that exists.
 */
export function planOperatorChange(state: ManageState, change: OperatorChange): ChangePlan | null {
  const known = state.operators.byId.get(change.operator_id);
  if ((change.event === 'added') === (known !== undefined)) return null;
  const before = known ? operatorView(known) : null;
  const name = known?.name ?? (change.event === 'added' ? change.name : change.operator_id);
  const after =
    change.event === 'added'
      ? { operator_id: change.operator_id, name, role: change.role, created_at: change.at }
      : change.event === 'role_changed'
        ? { ...before, role: change.role }
        : change.event === 'token_reissued'
          ? { ...before, token_reissued_at: change.at }
          : null;
  return {
    action: actions[change.event],
    target: { type: 'operator', id: change.operator_id, name },
    before,
    after,
    effects: [{ event: 'operator', change }],
    status: change.event === 'added' ? 201 : 200,
  };
}
