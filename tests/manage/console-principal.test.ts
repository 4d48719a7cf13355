// The console's actors reach the management module as principals: the audit entry names the same
// type, id and name the console gate resolved; a viewer's principal only reads, and only an admin
// manages management keys.
import { describe, expect, it } from 'vitest';
import { actorSchema } from '../../src/manage/actor.ts';
import { consolePrincipal } from '../../src/manage/console-principal.ts';
import { manageScopes } from '../../src/manage/contract.ts';
import { consoleTokenActor, demoVisitor, type ConsoleActor } from '../../src/live/console-actor.ts';

const operator = (role: ConsoleActor['role']): ConsoleActor => ({
  type: 'operator',
  id: 'op_ada',
  name: 'Ada',
  role,
});

describe('consolePrincipal', () => {
  it.each([
    ['an operator', operator('operator'), { type: 'operator', id: 'op_ada', name: 'Ada' }],
    [
      'the CONSOLE_TOKEN admin',
      consoleTokenActor,
      { type: 'console_token', id: 'console_token', name: 'console token' },
    ],
    [
      'the open demo visitor',
      demoVisitor,
      { type: 'demo_visitor', id: 'demo_visitor', name: 'demo visitor' },
    ],
  ] as const)('audits %s as itself, a valid audit actor', (_who, actor, audited) => {
    const { actor: mapped } = consolePrincipal(actor);
    expect(mapped).toEqual(audited);
    expect(actorSchema.safeParse(mapped).success).toBe(true);
  });

  it('gives a viewer the read scopes only, an operator every other scope, an admin management keys too', () => {
    expect(consolePrincipal(operator('viewer')).scopes).toEqual([
      'keys:read',
      'routes:read',
      'consumers:read',
      'audit:read',
    ]);
    const keyScopes = ['management_keys:read', 'management_keys:write'];
    expect(consolePrincipal(operator('operator')).scopes).toEqual(
      manageScopes.filter((scope) => !keyScopes.includes(scope)),
    );
    expect(consolePrincipal(operator('admin')).scopes).toEqual([...manageScopes]);
    expect(consolePrincipal(consoleTokenActor).scopes).toEqual([...manageScopes]);
  });

  it('gives the open demo visitor no management-key scope: an open demo hands out no credential', () => {
    expect(
      consolePrincipal(demoVisitor).scopes.filter((scope) => scope.startsWith('management_keys:')),
    ).toEqual([]);
  });
});
