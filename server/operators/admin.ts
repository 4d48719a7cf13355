// The console's OperatorAdmin (src/live/operator-admin.ts) over an operators' directory: the same
// checked functions as `npm run operators`, with the token hash left out of what pages see.
import type { OperatorAdmin, OperatorRow } from '../../src/live/operator-admin.ts';
import type { Operator, OperatorDirectory } from './directory.ts';
import { addOperator, changeRole, listOperators, reissueToken, removeOperator } from './operators.ts';

function row({ token_hash_sha256: _hash, ...shown }: Operator): OperatorRow {
  return shown;
}

/** Operator management for the console, over `directory`. */
export function operatorAdminOver(directory: OperatorDirectory): OperatorAdmin {
  return {
    list: async () => (await listOperators(directory)).map(row),
    add: async (name, role) => {
      const { operator, token } = await addOperator(directory, { name, role });
      return { operator: row(operator), token };
    },
    changeRole: async (operatorId, role) => row(await changeRole(directory, operatorId, role)),
    reissueToken: async (operatorId) => {
      const { operator, token } = await reissueToken(directory, operatorId);
      return { operator: row(operator), token };
    },
    remove: async (operatorId) => row(await removeOperator(directory, operatorId)),
  };
}
