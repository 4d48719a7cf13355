// The console's actors reach the management module as principals: the audit entry names the same
// type, id and name the console gate resolved; a viewer's principal only reads, and only an admin
// manages management keys.
import { describe, expect, it } from 'vitest';
import { actorSchema } from '../../src/manage/actor.ts';
import { call, depsOver, freshStore } from './fixture.ts';
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

describe('a console actor refused a scope', () => {
  it.each([
    [
      operator('operator'),
      'GET',
      '/management-keys',
      "Ada may not read this: management keys are an admin's (no management_keys:read scope)",
    ],
    [
      operator('viewer'),
      'POST',
      '/keys/key_prod/revoke',
      'Ada may not change this (a viewer reads but changes nothing): no keys:write scope',
    ],
    [
      demoVisitor,
      'GET',
      '/management-keys',
      'demo visitor may not read this: the open demo hands out no management key (no management_keys:read scope)',
    ],
  ] as const)("%o %s %s is told why, in its own role's words", async (actor, method, path, detail) => {
    const principal = consolePrincipal(actor);
    const body = method === 'GET' ? undefined : { dry_run: true };
    const answer = await call(depsOver(freshStore('memory')), method, path, body, { principal });
    expect(answer.status).toBe(403);
    expect(answer.body.detail).toBe(detail);
  });
});
