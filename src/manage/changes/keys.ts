// Key changes: issue, update, revoke, roll. Each plans on the current state and says why it is
// refused (404 unknown key, 409 a key whose state forbids it, 422 a field that cannot be).
import { randomId } from '../../api/orders/ids.ts';
import type { IssuedLine } from '../../lib/issued-keys.ts';
import { demoSandboxKeyId } from '../../mocks/public-world.ts';
import { overlapMs, type IssueKey, type RollKey, type UpdateKey } from '../contract.ts';
import type { Effect, KeyChanges } from '../effects.ts';
import { fieldProblem, manageProblem, previewAppliedAlready } from '../problems.ts';
import { unrefusedKey, type ManagedKey } from '../state.ts';
import { keyStatusAt, keyView } from '../views.ts';
import type { Planned, PlanContext } from './plan.ts';

/** The material's type prefix per environment (docs/interfaces.md, A). */
export const keyPrefixes = { production: 'sk_live', sandbox: 'sk_test', staging: 'sk_stg' } as const;

const target = (key: Pick<ManagedKey, 'key_id' | 'name'>) => ({
  type: 'key' as const,
  id: key.key_id,
  name: key.name,
});

/** A new key's material and its `issued` effect (hash, prefix and last four only); its id is the change's. */
function mint(
  terms: Omit<
    IssuedLine,
    'event' | 'key_id' | 'status' | 'created_at' | 'key_hash_sha256' | 'key_prefix' | 'key_last4'
  >,
  ctx: PlanContext,
) {
  const prefix = keyPrefixes[terms.environment];
  const material = randomId(`${prefix}_`);
  const line: IssuedLine = {
    event: 'issued',
    key_id: ctx.newId('key_', 16),
    ...terms,
    status: 'active',
    created_at: ctx.now.toISOString(),
    key_hash_sha256: ctx.sha256(material),
    key_prefix: prefix,
    key_last4: material.slice(-4),
  };
  if (line.quota_orders_per_month === undefined) delete line.quota_orders_per_month;
  if (!line.replaces) delete line.replaces;
  return { material, line };
}

/** A new key's last four as a change shows them: null in a dry run (its value is made when applied). */
const lastFour = (ctx: PlanContext, line: IssuedLine) => (ctx.dryRun ? null : line.key_last4);

/** Why a revoked or rotated key can change no more (the keys CLI's words); null when it can. */
function spentKey(key: ManagedKey, nowMs: number): string | null {
  const status = keyStatusAt(key, nowMs);
  if (status === 'revoked')
    return `${key.key_id} is already revoked${key.revoked_at ? ` (at ${key.revoked_at})` : ''}`;
  if (status === 'rotated')
    return `${key.key_id} is already rotated${key.replaced_by ? `; its replacement is ${key.replaced_by}` : ''}`;
  return null;
}

/** The key, or its 404. */
function find(ctx: PlanContext, keyId: string): ManagedKey | ReturnType<typeof manageProblem> {
  return ctx.ledger.state.keys.get(keyId) ?? manageProblem('not-found', `No key ${keyId}`);
}

/** The view of a key after effects, on a copy of its record. */
function viewAfter(ctx: PlanContext, key: ManagedKey, change: Partial<ManagedKey>) {
  return keyView({ ...key, ...change }, ctx.ledger.state, ctx.now.getTime());
}

/** POST /keys. */
export function planIssue(ctx: PlanContext, body: IssueKey): Planned {
  const plans = ctx.ledger.state.plans;
  const plan = plans.get(body.plan);
  if (plans.size > 0 && !plan)
    return fieldProblem(
      'validation-failed',
      '/plan',
      'unknown_plan',
      `plan must be one of ${[...plans.keys()].join(', ')}`,
    );
  if (body.expires_at !== null && Date.parse(body.expires_at) <= ctx.now.getTime())
    return fieldProblem(
      'validation-failed',
      '/expires_at',
      'in_the_past',
      'expires_at must be in the future',
    );
  const { material, line } = mint(
    {
      name: body.name,
      environment: body.environment,
      plan: body.plan,
      rpm_budget: body.rpm_budget ?? plan?.rpm_budget ?? 60,
      scopes: body.scopes,
      expires_at: body.expires_at === null ? null : new Date(body.expires_at).toISOString(),
      quota_orders_per_month: body.quota_orders_per_month,
    },
    ctx,
  );
  if (ctx.ledger.state.keys.has(line.key_id)) return previewAppliedAlready(line.key_id);
  const key: ManagedKey = {
    ...line,
    base_status: 'active',
    quota_orders_per_month: line.quota_orders_per_month ?? null,
    consumer_id: null,
    source: 'issued',
    replaces: null,
    ...unrefusedKey,
  };
  return {
    action: 'key.issue',
    target: target(key),
    before: null,
    after: { ...keyView(key, ctx.ledger.state, ctx.now.getTime()), key_last4: lastFour(ctx, line) },
    effects: [line],
    status: 201,
    secret: material,
  };
}

/** PATCH /keys/{id}. */
export function planUpdate(ctx: PlanContext, keyId: string, body: UpdateKey): Planned {
  const key = find(ctx, keyId);
  if ('body' in key) return key;
  const status = keyStatusAt(key, ctx.now.getTime());
  if (status === 'revoked' || status === 'rotated')
    return manageProblem('conflict', `${keyId} is ${status}; it cannot be changed`);
  const changes: KeyChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.rpm_budget !== undefined) changes.rpm_budget = body.rpm_budget;
  if (body.quota_orders_per_month !== undefined) changes.quota_orders_per_month = body.quota_orders_per_month;
  if (body.scopes !== undefined) changes.scopes = body.scopes;
  if (body.expires_at !== undefined) {
    if (body.expires_at !== null && Date.parse(body.expires_at) <= ctx.now.getTime())
      return fieldProblem(
        'validation-failed',
        '/expires_at',
        'in_the_past',
        'expires_at must be in the future; revoke a key to stop it now',
      );
    changes.expires_at = body.expires_at === null ? null : new Date(body.expires_at).toISOString();
  }
  const effect: Effect = {
    event: 'updated',
    key_id: keyId,
    key_hash_sha256: key.key_hash_sha256,
    updated_at: ctx.now.toISOString(),
    changes,
  };
  return {
    action: 'key.update',
    target: target(key),
    before: keyView(key, ctx.ledger.state, ctx.now.getTime()),
    after: viewAfter(ctx, key, changes),
    effects: [effect],
    status: 200,
  };
}

/** POST /keys/{id}/revoke. */
export function planRevoke(ctx: PlanContext, keyId: string): Planned {
  const key = find(ctx, keyId);
  if ('body' in key) return key;
  const refused = spentKey(key, ctx.now.getTime());
  if (refused !== null) return manageProblem('conflict', refused);
  const at = ctx.now.toISOString();
  return {
    action: 'key.revoke',
    target: target(key),
    before: keyView(key, ctx.ledger.state, ctx.now.getTime()),
    after: viewAfter(ctx, key, { revoked_at: at }),
    effects: [{ event: 'revoked', key_id: keyId, key_hash_sha256: key.key_hash_sha256, revoked_at: at }],
    status: 200,
  };
}

/** POST /keys/{id}/roll: the old key's expiry is never pushed later than it was. */
export function planRoll(ctx: PlanContext, keyId: string, body: RollKey): Planned {
  const key = find(ctx, keyId);
  if ('body' in key) return key;
  const nowMs = ctx.now.getTime();
  const refused = spentKey(key, nowMs);
  if (refused !== null) return manageProblem('conflict', refused);
  if (key.replaced_by !== null)
    return manageProblem(
      'conflict',
      `${keyId} is already being rotated: ${key.replaced_by} replaces it, and it works until ${key.rotation_ends_at}`,
    );
  if (keyStatusAt(key, nowMs) === 'expired')
    return manageProblem('conflict', `${keyId} expired at ${key.expires_at}; issue a new key instead`);
  const wanted = nowMs + (overlapMs(body.overlap) ?? 0);
  const endsMs = key.expires_at === null ? wanted : Math.min(wanted, Date.parse(key.expires_at));
  const endsAt = new Date(endsMs).toISOString();
  const { material, line } = mint(
    {
      name: key.name,
      environment: key.environment,
      plan: key.plan,
      rpm_budget: key.rpm_budget,
      scopes: [...key.scopes],
      expires_at: key.expires_at,
      quota_orders_per_month: key.quota_orders_per_month ?? undefined,
      replaces: key.key_id,
    },
    ctx,
  );
  if (ctx.ledger.state.keys.has(line.key_id)) return previewAppliedAlready(line.key_id);
  const at = ctx.now.toISOString();
  return {
    action: 'key.roll',
    target: target(key),
    before: keyView(key, ctx.ledger.state, nowMs),
    after: {
      ...viewAfter(ctx, key, { rotated_at: at, rotation_ends_at: endsAt, replaced_by: line.key_id }),
      replacement: { key_id: line.key_id, key_prefix: line.key_prefix, key_last4: lastFour(ctx, line) },
    },
    effects: [
      line,
      {
        event: 'rotated',
        key_id: keyId,
        key_hash_sha256: key.key_hash_sha256,
        replaced_by: line.key_id,
        rotated_at: at,
        rotation_ends_at: endsAt,
      },
    ],
    status: 200,
    secret: material,
  };
}

/**
 * Restores the demo sandbox key (only it: a real key, once revoked, stays revoked; docs/decisions.md,
 * "The demo key has a way back") to the state the workspace simulated: a revocation or a rotation
 * undone, audited like every change (`npm run keys:restore-demo`). A rotation's replacement keeps
 * working. 409 when there is nothing to undo.
 */
export function planRestore(ctx: PlanContext, keyId: string): Planned {
  const key = find(ctx, keyId);
  if ('body' in key) return key;
  if (keyId !== demoSandboxKeyId || key.source !== 'workspace')
    return manageProblem(
      'conflict',
      `${keyId} cannot be restored: only the demo key ${demoSandboxKeyId} has a way back`,
    );
  if (key.revoked_at === null && key.rotated_at === null)
    return manageProblem('conflict', `${keyId} is already as the workspace simulated it`);
  const at = ctx.now.toISOString();
  return {
    action: 'key.restore',
    target: target(key),
    before: keyView(key, ctx.ledger.state, ctx.now.getTime()),
    after: viewAfter(ctx, key, unrefusedKey),
    effects: [{ event: 'restored', key_id: keyId, key_hash_sha256: key.key_hash_sha256, restored_at: at }],
    status: 200,
  };
}
