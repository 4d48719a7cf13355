// The console's OperatorAdmin (src/live/operator-admin.ts) over an operators' directory: the same
// checked functions as `npm run operators`, with the token hash left out of what pages see, and
// the page's actor, request id, address and user agent in each change's audit entry.
import type { OperatorAdmin, OperatorChangeRequest } from '../../src/live/operator-admin.ts';
import { operatorView } from '../../src/operators/operator.ts';
import type { OperatorChangeBy, OperatorDirectory } from './directory.ts';
import { addOperator, changeRole, listOperators, reissueToken, removeOperator } from './operators.ts';

/** The audit entry's actor is type, id and name: the console actor's role is not kept. */
function changeBy({ actor: { type, id, name }, ...request }: OperatorChangeRequest): OperatorChangeBy {
  return { actor: { type, id, name }, ...request };
}

/** Operator management for the console, over `directory`. */
export function operatorAdminOver(directory: OperatorDirectory): OperatorAdmin {
  return {
    list: async () => (await listOperators(directory)).map((operator) => operatorView(operator)),
    add: async (name, role, by) => {
      const { operator, token } = await addOperator(directory, { name, role }, changeBy(by));
      return { operator: operatorView(operator), token };
    },
    changeRole: async (operatorId, role, by) =>
      operatorView(await changeRole(directory, operatorId, role, changeBy(by))),
    reissueToken: async (operatorId, by) => {
      const { operator, token } = await reissueToken(directory, operatorId, changeBy(by));
      return { operator: operatorView(operator), token };
    },
    remove: async (operatorId, by) => operatorView(await removeOperator(directory, operatorId, changeBy(by))),
  };
}
