// What each role may change: viewers nothing, operators sandbox and staging, admins everything
// (production included) and operators.
import { describe, expect, it } from 'vitest';
import { isRole, mayChange, mayManageOperators, type Role, type Stage } from '../../src/operators/roles.ts';

describe('mayChange', () => {
  it.each<[Role, Stage, boolean]>([
    ['viewer', 'sandbox', false],
    ['viewer', 'staging', false],
    ['viewer', 'production', false],
    ['operator', 'sandbox', true],
    ['operator', 'staging', true],
    ['operator', 'production', false],
    ['admin', 'sandbox', true],
    ['admin', 'staging', true],
    ['admin', 'production', true],
  ])('%s in %s: %j', (role, stage, allowed) => {
    expect(mayChange(role, stage)).toBe(allowed);
  });
});

describe('mayManageOperators and isRole', () => {
  it('only admins manage operators', () => {
    expect(['viewer', 'operator', 'admin'].filter((r) => isRole(r) && mayManageOperators(r))).toEqual([
      'admin',
    ]);
  });

  it.each(['root', 'Admin', '', 'toString', undefined])('%j is no role', (value) => {
    expect(isRole(value)).toBe(false);
  });
});
