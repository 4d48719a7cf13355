// "Reset demo" through the management API: every workspace key, route and consumer back to the
// simulated state as ONE audit entry by the demo visitor; refused to anyone else (403) and when
// there is nothing to reset (409); the Orders API's record of a revoked key is active again.
import { describe, expect, it } from 'vitest';
import { consolePrincipal } from '../../../src/manage/console-principal.ts';
import { demoVisitor, type ConsoleActor } from '../../../src/live/console-actor.ts';
import { call, depsOver, freshStore, previewAndApply, prodMaterial, sha } from '../fixture.ts';

const visitor = { principal: consolePrincipal(demoVisitor) };
const viewer: ConsoleActor = { type: 'operator', id: 'op_v', name: 'Vera', role: 'viewer' };

describe('POST /demo/reset', () => {
  it('undoes a revoke, a roll, an rpm change, a deprecation and a plan change as one audit entry', async () => {
    const deps = depsOver(freshStore('memory'));
    await previewAndApply(deps, 'POST', '/keys/key_prod/revoke', {}, visitor);
    await previewAndApply(deps, 'POST', '/keys/key_sbx/roll', { overlap: '1h' }, visitor);
    await previewAndApply(
      deps,
      'PATCH',
      '/keys/key_sbx',
      { rpm_budget: 5, quota_orders_per_month: 7 },
      visitor,
    );
    await previewAndApply(deps, 'POST', '/routes/rt_v2_post/deprecate', { sunset_at: '2027-06-01' }, visitor);
    await previewAndApply(deps, 'POST', '/routes/rt_v1_post/restore', {}, visitor);
    await previewAndApply(deps, 'PATCH', '/consumers/con_acme', { plan: 'Sandbox' }, visitor);
    const before = deps.store.current().entries.length;

    const { preview, applied } = await previewAndApply(deps, 'POST', '/demo/reset', {}, visitor);
    expect(preview.body).toMatchObject({
      action: 'demo.reset',
      before: {
        keys: ['key_prod', 'key_sbx'],
        routes: ['rt_v2_post', 'rt_v1_post'],
        consumers: ['con_acme'],
      },
    });
    expect(applied.status).toBe(200);
    const { entries, state } = deps.store.current();
    expect(entries.length).toBe(before + 1);
    expect(entries.at(-1)).toMatchObject({
      id: applied.body.audit_entry_id,
      action: 'demo.reset',
      actor: { type: 'demo_visitor', name: 'demo visitor' },
      target: { type: 'workspace' },
    });
    expect(state.recordByHash(sha(prodMaterial))?.status).toBe('active');
    expect(state.keys.get('key_sbx')).toMatchObject({
      rpm_budget: 600,
      quota_orders_per_month: null,
      rotated_at: null,
      replaced_by: null,
    });
    expect(state.routes.get('rt_v2_post')).toMatchObject({ deprecated: false, changed_by: null });
    expect(state.routes.get('rt_v1_post')).toMatchObject({ deprecated: true, sunset_at: '2027-01-31' });
    expect(state.consumers.get('con_acme')?.plan).toBe('Growth');
  });

  it('is 409 when the workspace is already as simulated', async () => {
    const deps = depsOver(freshStore('memory'));
    const answer = await call(deps, 'POST', '/demo/reset', { dry_run: true }, visitor);
    expect(answer.status).toBe(409);
  });

  it('is 409 when a route was deprecated and restored: nothing differs from the simulation', async () => {
    const deps = depsOver(freshStore('memory'));
    await previewAndApply(deps, 'POST', '/routes/rt_v2_post/deprecate', { sunset_at: '2027-06-01' }, visitor);
    await previewAndApply(deps, 'POST', '/routes/rt_v2_post/restore', {}, visitor);
    const answer = await call(deps, 'POST', '/demo/reset', { dry_run: true }, visitor);
    expect(answer.status).toBe(409);
  });

  it('previews what differs before, and nothing differing after', async () => {
    const deps = depsOver(freshStore('memory'));
    await previewAndApply(deps, 'POST', '/keys/key_prod/revoke', {}, visitor);
    const preview = await call(deps, 'POST', '/demo/reset', { dry_run: true }, visitor);
    expect(preview.body).toMatchObject({
      before: { keys: ['key_prod'], routes: [], consumers: [] },
      after: { keys: [], routes: [], consumers: [] },
    });
  });

  it.each([
    ['a management key', undefined],
    ['an admin operator', consolePrincipal({ ...viewer, role: 'admin' })],
  ])('is refused to %s (open demo only)', async (_, principal) => {
    const deps = depsOver(freshStore('memory'));
    await previewAndApply(deps, 'POST', '/keys/key_prod/revoke', {}, visitor);
    const token = principal ? undefined : await (await import('../fixture.ts')).managementKey(deps);
    const answer = await call(deps, 'POST', '/demo/reset', { dry_run: true }, { principal, token });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('open_demo_only');
  });

  it('a stale preview of a reset (another change since) is 412', async () => {
    const deps = depsOver(freshStore('memory'));
    await previewAndApply(deps, 'POST', '/keys/key_prod/revoke', {}, visitor);
    const preview = await call(deps, 'POST', '/demo/reset', { dry_run: true }, visitor);
    await previewAndApply(deps, 'PATCH', '/keys/key_sbx', { rpm_budget: 9 }, visitor);
    const token = preview.body.preview_token;
    const answer = await call(deps, 'POST', '/demo/reset', { preview_token: token }, visitor);
    expect(answer.status).toBe(412);
  });
});

describe('a console viewer', () => {
  it('is refused a change with 403, the refusal naming them', async () => {
    const deps = depsOver(freshStore('memory'));
    const answer = await call(
      deps,
      'POST',
      '/keys/key_prod/roll',
      { dry_run: true },
      {
        principal: consolePrincipal(viewer),
      },
    );
    expect(answer.status).toBe(403);
    expect(answer.body.detail).toMatch(/^Vera may not change this/);
  });
});
