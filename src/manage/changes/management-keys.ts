// Management keys (`mk_…`): made through the same module as every change (the first one from the
// CLI), their material shown once and only its SHA-256 kept, like API keys.
import { randomId } from '../../api/orders/ids.ts';
import type { PlainResponse } from '../../api/orders/plain.ts';
import type { Principal } from '../actor.ts';
import type { ManageScope } from '../contract.ts';
import type { ManagementKey } from '../state.ts';
import { manageProblem, previewAppliedAlready } from '../problems.ts';
import type { Planned, PlanContext } from './plan.ts';

/** POST (CLI) create a management key with these scopes. */
export function planCreateManagementKey(ctx: PlanContext, name: string, scopes: ManageScope[]): Planned {
  const material = randomId('mk_', 32);
  const mkId = ctx.newId('mkid_', 16);
  if (ctx.ledger.state.managementKeys.has(mkId)) return previewAppliedAlready(mkId);
  const view = {
    mk_id: mkId,
    name,
    scopes,
    key_last4: material.slice(-4),
    created_at: ctx.now.toISOString(),
    revoked_at: null,
  };
  return {
    action: 'management_key.create',
    target: { type: 'management_key', id: mkId, name },
    before: null,
    // A dry run names the key the apply makes, but not its value's last four (made when applied).
    after: ctx.dryRun ? { ...view, key_last4: null } : view,
    effects: [
      {
        event: 'management_key_created',
        mk_id: mkId,
        name,
        scopes,
        key_hash_sha256: ctx.sha256(material),
        key_last4: view.key_last4,
        created_at: view.created_at,
      },
    ],
    status: 201,
    secret: material,
  };
}

/** Revoke a management key. */
export function planRevokeManagementKey(ctx: PlanContext, mkId: string): Planned {
  const key = ctx.ledger.state.managementKeys.get(mkId);
  if (!key) return manageProblem('not-found', `No management key ${mkId}`);
  if (key.revoked_at !== null) return manageProblem('conflict', `${mkId} is already revoked`);
  const at = ctx.now.toISOString();
  const view = managementKeyView(key);
  return {
    action: 'management_key.revoke',
    target: { type: 'management_key', id: mkId, name: key.name },
    before: view,
    after: { ...view, revoked_at: at },
    effects: [{ event: 'management_key_revoked', mk_id: mkId, revoked_at: at }],
    status: 200,
  };
}

/** A management key as the API shows it: never its hash. */
export function managementKeyView(key: ManagementKey): Omit<ManagementKey, 'key_hash_sha256'> {
  const { key_hash_sha256: _hash, ...view } = key;
  return view;
}

/**
 * Refuses a caller that lacks some of `scopes`: a management key grants only scopes its maker
 * holds, and revokes only keys whose scopes its caller holds (a weaker key cannot revoke an admin's).
 */
export function grantRefusal(
  principal: Principal,
  scopes: readonly string[],
  doing: 'grant' | 'revoke' = 'grant',
): PlainResponse | null {
  const beyond = scopes.filter((scope) => !principal.scopes.includes(scope));
  if (beyond.length === 0) return null;
  const detail =
    doing === 'grant'
      ? `A management key can grant only scopes its maker holds, not ${beyond.join(', ')}`
      : `A management key can revoke only keys whose scopes it holds, not ${beyond.join(', ')}`;
  return manageProblem('insufficient-scope', detail, {
    errors: [
      {
        pointer: doing === 'grant' ? '/scopes' : '',
        code: 'insufficient_scope',
        detail: `not held: ${beyond.join(', ')}`,
      },
    ],
  });
}
