// `npm run manage:key -- --name "deploy bot" --scopes keys:read,keys:write`: creates a management
// key (mk_…) for the management API. Prints it ONCE on stdout; the journal keeps only its SHA-256,
// and the creation is an audit entry like every change (actor: cli).
import { runCli, UsageError, type CliSpec } from '../lib/cli-args.ts';
import {
  planCreateManagementKey,
  planRevokeManagementKey,
} from '../../src/manage/changes/management-keys.ts';
import { createManagementKeySchema, manageScopes, type ManageScope } from '../../src/manage/contract.ts';
import { applyLocally, openLocalManage, validated } from './local.ts';

const spec = {
  command: 'npm run manage:key',
  usage: `usage: npm run manage:key -- --name NAME [--scopes S,S]
       npm run manage:key -- --revoke MK_ID

Creates a management key for /manage/v1/ and prints it once on stdout, or revokes one.
  --name     what the key is for (required)
  --scopes   comma-separated, of ${manageScopes.join(', ')} (default: all)
  --revoke   the id (mkid_…) of a management key to revoke: refused at once`,
  options: { name: 'string', scopes: 'string', revoke: 'string' },
} satisfies CliSpec<{ name: 'string'; scopes: 'string'; revoke: 'string' }>;

/** `--revoke MK_ID`. */
async function revoke(mkId: string): Promise<void> {
  const local = await openLocalManage();
  try {
    const applied = await applyLocally(local.deps, {
      action: 'management_key.revoke',
      targetType: 'management_key',
      targetId: mkId,
      params: {},
      plan: (ctx) => planRevokeManagementKey(ctx, mkId),
    });
    console.log(`Revoked management key ${mkId}; audit entry ${applied.audit_entry_id}.`);
  } finally {
    await local.close();
  }
}

await runCli(spec, async ({ values }) => {
  if (values.revoke !== undefined) return revoke(values.revoke);
  if (!values.name?.trim()) throw new UsageError('--name is required: what the key is for');
  // The API's own rule for a name (it is shown in the console, and typed back to confirm).
  const { name } = validated(createManagementKeySchema.pick({ name: true }), { name: values.name });
  const scopes = (values.scopes ?? manageScopes.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = scopes.find((s) => !(manageScopes as readonly string[]).includes(s));
  if (unknown !== undefined || scopes.length === 0)
    throw new UsageError(
      `--scopes must name some of ${manageScopes.join(', ')}${unknown ? `, got ${unknown}` : ''}`,
    );
  const local = await openLocalManage();
  try {
    const applied = await applyLocally(local.deps, {
      action: 'management_key.create',
      targetType: 'management_key',
      targetId: 'new',
      params: { name, scopes },
      plan: (ctx) => planCreateManagementKey(ctx, name, scopes as ManageScope[]),
    });
    console.error(
      `Created management key ${String(applied.after.mk_id)} (${scopes.join(' ')}); audit entry ${applied.audit_entry_id}.`,
    );
    console.error('The key is shown once and cannot be recovered; store it now:');
    console.log(applied.secret);
  } finally {
    await local.close();
  }
});
