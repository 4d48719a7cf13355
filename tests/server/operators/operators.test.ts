// Naming an operator to the CLI: by id, by full name in any case, or by first name when only one
// operator has it (the docs' `role ada admin`); a first name two operators share is refused, naming
// both. And a name no one can pass off as another's: nothing unseen in it.
import { describe, expect, it } from 'vitest';
import { MemoryOperatorDirectory } from '../../../server/operators/directory.ts';
import { addOperator, findOperator, OperatorRefusal } from '../../../server/operators/operators.ts';
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

describe('an operator name', () => {
  it.each([
    ['a zero-width space', 'Eve\u200b'],
    ['a right-to-left override', 'Eve\u202e'],
    ['a left-to-right isolate', '\u2066Eve'],
    ['a zero-width joiner', 'E\u200dve'],
    ['a soft hyphen', 'Ev\u00ade'],
    ['a variation selector', 'Eve\ufe0f'],
    ['a Hangul filler', 'Eve\u3164'],
    ['a C1 control (NEL)', 'Eve\u0085x'],
    ['a C1 control (CSI)', 'Eve\u009b31m'],
    ['a C0 control', 'Eve\u001b[31m'],
    ['an unpaired surrogate', 'Eve\ud800'],
  ])('with %s is refused, and nothing is written', async (_what, name) => {
    const { dir } = await directory();
    const before = await dir.list();
    await expect(addOperator(dir, { name, role: 'admin' }, testBy)).rejects.toThrow(
      new OperatorRefusal('a name has no control characters or invisible characters'),
    );
    expect(await dir.list()).toEqual(before);
  });

  it('may hold letters of any script, lookalikes included, and spaces between words', async () => {
    const { dir } = await directory();
    for (const name of ['Ev\u0435', 'Zoë Ñúñez', 'Łukasz Żółć', '李小龙', 'Ada  Byron'])
      expect((await addOperator(dir, { name, role: 'viewer' }, testBy)).operator.name).toBe(name);
  });
});
