// The console's actor (issue 23's operators, the CONSOLE_TOKEN admin, the open demo's visitor, as
// the server's gate resolves them: src/live/console-actor.ts) as the management module's Principal,
// so a change made from the console is audited with the same actor type, id and name. A viewer
// reads; an operator and an admin may change, each in the stages src/operators/roles.ts `mayChange`
// allows (./stage-guard.ts asks per change).
import type { ConsoleActor } from '../live/console-actor.ts';
import { mayChange, type Role } from '../operators/roles.ts';
import type { Actor, ActorType, Principal } from './actor.ts';
import { manageScopes, type ManageScope } from './contract.ts';

/** Every console actor type is an audit actor type (a compile error if the two drift apart). */
const consoleActorTypes: Record<ConsoleActor['type'], ActorType> = {
  operator: 'operator',
  console_token: 'console_token',
  demo_visitor: 'demo_visitor',
};

const governsManagementKeys = (scope: ManageScope) => scope.startsWith('management_keys:');

/**
 * The management scopes a console role holds: management keys are an admin's (as operators are),
 * and every other scope reads for a viewer and writes for an operator.
 */
export function scopesOfRole(role: Role): ManageScope[] {
  const held = manageScopes.filter((scope) => role === 'admin' || !governsManagementKeys(scope));
  return role === 'viewer' ? held.filter((scope) => scope.endsWith(':read')) : held;
}

/** The console's actor as the management module's principal: the audit entry's actor and its scopes. */
export function consolePrincipal(actor: ConsoleActor): Principal {
  const audited: Actor = { type: consoleActorTypes[actor.type], id: actor.id, name: actor.name };
  const stages = (['sandbox', 'staging', 'production'] as const).filter((s) => mayChange(actor.role, s));
  // The open demo's visitor acts as an admin in the console, but hands out no credential.
  const scopes = scopesOfRole(actor.role).filter(
    (scope) => actor.type !== 'demo_visitor' || !governsManagementKeys(scope),
  );
  return { actor: audited, scopes, stages };
}

/**
 * Why a console actor lacks `scope`, in its role's words: management keys are an admin's (and the
 * open demo hands none out); anything else it lacks, it lacks as a viewer.
 */
export function scopeRefusal(principal: Principal, scope: ManageScope, reading: boolean): string {
  const { name, type } = principal.actor;
  if (governsManagementKeys(scope)) {
    const why =
      type === 'demo_visitor'
        ? 'the open demo hands out no management key'
        : "management keys are an admin's";
    return `${name} may not ${reading ? 'read' : 'change'} this: ${why} (no ${scope} scope)`;
  }
  return `${name} may not change this (a viewer reads but changes nothing): no ${scope} scope`;
}
