// `key.restore` (npm run keys:restore-demo): the demo key back to its simulated state through the
// management module, audited; the Orders API's record of it is the workspace's own again. Only the
// demo key has a way back. (Moved from the old FollowingKeyStore test: the key store is now the
// management state.)
import { describe, expect, it } from 'vitest';
import { runChange, type ChangeMeta } from '../../src/manage/apply.ts';
import { planRestore, planRevoke, planRoll } from '../../src/manage/changes/keys.ts';
import type { ManageDeps } from '../../src/manage/deps.ts';
import { MemoryManageStore } from '../../src/manage/ledger.ts';
import { demoSandboxKeyId } from '../../src/mocks/public-world.ts';
import type { PlanContext } from '../../src/manage/changes/plan.ts';
import { depsOver, fixtureSeed, sha } from './fixture.ts';

const demoHash = sha('sk_test_DemoDemoDemoDemoDemo0001');
/** The fixture's store with the demo key seeded as the workspace simulates it. */
function demoDeps(): ManageDeps {
  const seed = fixtureSeed();
  const [sbx] = seed.keys;
  if (!sbx) throw new Error('fixture without keys');
  seed.keys.push({ ...sbx, key_id: demoSandboxKeyId, environment: 'sandbox', key_hash_sha256: demoHash });
  return depsOver(new MemoryManageStore(seed, sha));
}

const meta: ChangeMeta = {
  actor: { type: 'cli', id: 'cli:test', name: 'test' },
  requestId: null,
  idempotencyKey: null,
  requestSha256: null,
  sourceAddress: null,
  userAgent: null,
};

/** Previews then applies a key change; the answer's status and body. */
async function apply(deps: ManageDeps, action: string, keyId: string, plan: (ctx: PlanContext) => unknown) {
  const change = {
    action,
    targetType: 'key',
    targetId: keyId,
    params: {},
    plan: plan as Parameters<typeof runChange>[2]['plan'],
  };
  const preview = await runChange(deps, meta, { ...change, dryRun: true, previewToken: undefined });
  const token = (JSON.parse(preview.body) as { preview_token?: string }).preview_token;
  if (preview.status !== 200) return { status: preview.status, body: JSON.parse(preview.body) as unknown };
  const applied = await runChange(deps, meta, { ...change, dryRun: false, previewToken: token });
  return { status: applied.status, body: JSON.parse(applied.body) as Record<string, unknown> };
}

describe('key.restore', () => {
  it.each([
    ['a revocation', 'key.revoke', (ctx: PlanContext) => planRevoke(ctx, demoSandboxKeyId)],
    ['a rotation', 'key.roll', (ctx: PlanContext) => planRoll(ctx, demoSandboxKeyId, { overlap: 'now' })],
  ] as const)(
    'returns the demo key to its own record after %s, with an audit entry',
    async (_what, action, plan) => {
      const deps = demoDeps();
      const simulated = deps.store.current().state.recordByHash(demoHash);
      expect((await apply(deps, action, demoSandboxKeyId, plan)).status).toBe(200);
      expect(deps.store.current().state.recordByHash(demoHash)).not.toEqual(simulated);
      const restored = await apply(deps, 'key.restore', demoSandboxKeyId, (ctx) =>
        planRestore(ctx, demoSandboxKeyId),
      );
      expect(restored).toMatchObject({
        status: 200,
        body: { action: 'key.restore', after: { status: 'active' } },
      });
      expect(deps.store.current().state.recordByHash(demoHash)).toEqual(simulated);
      const entry = deps.store.current().entries.at(-1);
      expect(entry).toMatchObject({
        action: 'key.restore',
        actor: meta.actor,
        target: { id: demoSandboxKeyId },
      });
      expect(deps.store.current().keyLines.at(-1)).toMatchObject({
        event: 'restored',
        key_id: demoSandboxKeyId,
      });
    },
  );

  it('refuses with 409 when there is nothing to undo, and for any key but the demo key', async () => {
    const deps = demoDeps();
    expect(
      await apply(deps, 'key.restore', demoSandboxKeyId, (ctx) => planRestore(ctx, demoSandboxKeyId)),
    ).toMatchObject({
      status: 409,
    });
    expect((await apply(deps, 'key.revoke', 'key_sbx', (ctx) => planRevoke(ctx, 'key_sbx'))).status).toBe(
      200,
    );
    const refused = await apply(deps, 'key.restore', 'key_sbx', (ctx) => planRestore(ctx, 'key_sbx'));
    expect(refused).toMatchObject({
      status: 409,
      body: { detail: expect.stringContaining('only the demo key') as unknown },
    });
  });
});
