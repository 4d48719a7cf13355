// Naming an operator to the CLI: by id, by full name in any case, or by first name when only one
// operator has it (the docs' `role ada admin`); a first name two operators share is refused, naming
// both.
import { describe, expect, it } from 'vitest';
import { MemoryOperatorDirectory } from '../../../server/operators/directory.ts';
import { addOperator, findOperator } from '../../../server/operators/operators.ts';
import { testBy } from '../../../harness/operators.ts';

async function directory() {
  const dir = new MemoryOperatorDirectory();
  const ada = (await addOperator(dir, { name: 'Ada Lovelace', role: 'operator' }, testBy)).operator;
  const grace = (await addOperator(dir, { name: 'Grace Hopper', role: 'viewer' }, testBy)).operator;
  return { dir, ada, grace };
}

describe('findOperator', () => {
  it('finds by id, full name in any case, or a first name only one operator has', async () => {
    const { dir, ada, grace } = await directory();
    expect((await findOperator(dir, ada.operator_id)).name).toBe('Ada Lovelace');
    expect((await findOperator(dir, 'ada LOVELACE')).operator_id).toBe(ada.operator_id);
    expect((await findOperator(dir, 'ada')).operator_id).toBe(ada.operator_id);
    expect((await findOperator(dir, 'Grace')).operator_id).toBe(grace.operator_id);
  });

  it('refuses a first name two operators share, naming both, and a name nobody has', async () => {
    const { dir } = await directory();
    await addOperator(dir, { name: 'Ada Byron', role: 'viewer' }, testBy);
    await expect(findOperator(dir, 'ada')).rejects.toThrow(
      '"ada" names 2 operators (Ada Lovelace, Ada Byron): give the full name or the id',
    );
    await expect(findOperator(dir, 'lovelace')).rejects.toThrow(
      'no operator is named or numbered "lovelace"',
    );
  });
});
