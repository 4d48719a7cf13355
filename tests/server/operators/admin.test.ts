// The console's operator management over a directory: the same checks as the CLI, no token hash
// in what a page sees, the last admin kept, and refusals named so that a page can tell them from
// failures.
import { describe, expect, it } from 'vitest';
import { operatorAdminOver } from '../../../server/operators/admin.ts';
import { MemoryOperatorDirectory } from '../../../server/operators/directory.ts';
import type { OperatorChangeRequest } from '../../../src/live/operator-admin.ts';
import { demoVisitor } from '../../../src/live/console-actor.ts';

const by: OperatorChangeRequest = {
  actor: demoVisitor,
  requestId: null,
  sourceAddress: null,
  userAgent: null,
};

describe('operatorAdminOver', () => {
  it('adds, re-roles, re-tokens and removes, never showing a hash', async () => {
    const admin = operatorAdminOver(new MemoryOperatorDirectory());
    const { operator, token } = await admin.add('Ada', 'viewer', by);
    expect(token).toMatch(/^ecop_/);
    expect(Object.keys(operator).sort()).toEqual(['created_at', 'name', 'operator_id', 'role']);
    expect((await admin.changeRole(operator.operator_id, 'admin', by)).role).toBe('admin');
    expect((await admin.reissueToken(operator.operator_id, by)).token).not.toBe(token);
    expect(await admin.list()).toEqual([{ ...operator, role: 'admin' }]);
    const { operator: grace } = await admin.add('Grace', 'admin', by);
    await admin.remove(operator.operator_id, by);
    expect(await admin.list()).toEqual([grace]);
  });

  it('never removes or demotes the last admin: the console would open, or no one could manage operators', async () => {
    const admin = operatorAdminOver(new MemoryOperatorDirectory());
    const { operator: ada } = await admin.add('Ada', 'admin', by);
    await expect(admin.remove(ada.operator_id, by)).rejects.toThrow(
      /Ada is the last admin: no operator would be left, and the console would be open/,
    );
    const { operator: bob } = await admin.add('Bob', 'viewer', by);
    await expect(admin.changeRole(ada.operator_id, 'operator', by)).rejects.toThrow(
      /Ada is the last admin: no one could manage operators from the console/,
    );
    // With a second admin, either may go; a viewer always may.
    await admin.changeRole(bob.operator_id, 'admin', by);
    await admin.remove(ada.operator_id, by);
    await expect(admin.changeRole(bob.operator_id, 'viewer', by)).rejects.toMatchObject({
      name: 'OperatorRefusal',
    });
    expect(await admin.list()).toEqual([{ ...bob, role: 'admin' }]);
  });

  it.each([
    ['a bad role', (a: ReturnType<typeof operatorAdminOver>) => a.add('Bob', 'root', by)],
    ['an empty name', (a: ReturnType<typeof operatorAdminOver>) => a.add('  ', 'viewer', by)],
    ['an unknown operator', (a: ReturnType<typeof operatorAdminOver>) => a.remove('op_nobody', by)],
  ])('refuses %s with an OperatorRefusal', async (_name, act) => {
    const error = await act(operatorAdminOver(new MemoryOperatorDirectory())).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'OperatorRefusal' });
  });
});
