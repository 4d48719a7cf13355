// A management key made as the CLI makes one (a dry run, then the change with its preview token),
// for tests and the manage bench alike; returns the key's material.
import { runChange } from '../src/manage/apply.ts';
import { planCreateManagementKey } from '../src/manage/changes/management-keys.ts';
import { manageScopes, type ManageScope } from '../src/manage/contract.ts';
import type { ManageDeps } from '../src/manage/deps.ts';

/** Creates a management key with these scopes (as the CLI does); returns its material. */
export async function managementKey(
  deps: ManageDeps,
  scopes: readonly ManageScope[] = manageScopes,
  name = 'test key',
): Promise<string> {
  const meta = {
    actor: { type: 'cli' as const, id: 'cli:test', name: 'test' },
    requestId: null,
    idempotencyKey: null,
    requestSha256: null,
    sourceAddress: null,
    userAgent: null,
  };
  const change = {
    action: 'management_key.create',
    targetType: 'management_key',
    targetId: 'new',
    params: { name, scopes },
    plan: (ctx: Parameters<typeof planCreateManagementKey>[0]) =>
      planCreateManagementKey(ctx, name, [...scopes]),
  };
  const preview = JSON.parse(
    (await runChange(deps, meta, { ...change, dryRun: true, previewToken: undefined })).body,
  ) as { preview_token: string };
  const applied = JSON.parse(
    (await runChange(deps, meta, { ...change, dryRun: false, previewToken: preview.preview_token })).body,
  ) as { secret: string };
  return applied.secret;
}
