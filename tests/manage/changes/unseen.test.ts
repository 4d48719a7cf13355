// What a change does beyond the fields a person reads is shown too, so it is never judged a change
// of nothing: a deprecation set through the API makes the route refused 410 after its sunset (a
// workspace deprecation only sends headers), and a key given its plan's quota stops following the
// plan. A demo reset undoes both.
import { describe, expect, it } from 'vitest';
import { routeRetirements } from '../../../server/manage/runtime.ts';
import { consolePrincipal } from '../../../src/manage/console-principal.ts';
import { demoVisitor } from '../../../src/live/console-actor.ts';
import { call, depsOver, freshStore, managementKey, previewAndApply } from '../fixture.ts';

const now = Date.parse('2026-11-26T12:00:00Z');
const afterSunset = Date.parse('2027-02-01T00:00:00Z');
// The fixture's own (workspace) deprecation of POST /v1/orders.
const workspaceDeprecation = { sunset_at: '2027-01-31', successor_route_id: 'rt_v2_post' };

async function setup() {
  const deps = depsOver(freshStore('memory'), () => now);
  const retired = () =>
    routeRetirements(deps.store, () => 'rt_v1_post')('POST', '/v1/orders', 'production', afterSunset);
  return { deps, token: await managementKey(deps), retired };
}

describe('a change the plain fields would hide', () => {
  it('deprecating a workspace-deprecated route with its own values makes it refused after its sunset', async () => {
    const { deps, token, retired } = await setup();
    expect(retired()).toBeNull();
    const { preview, applied } = await previewAndApply(
      deps,
      'POST',
      '/routes/rt_v1_post/deprecate',
      workspaceDeprecation,
      { token },
    );
    expect(preview.body.changed).toBe(true);
    expect(applied.body).toMatchObject({
      changed: true,
      before: { refused_after_sunset: false },
      after: { refused_after_sunset: true },
    });
    expect(retired()?.auditEntryId).toBe(applied.body.audit_entry_id);
  });

  it("giving a key its plan's quota pins it: the key stops following the plan", async () => {
    const { deps, token } = await setup();
    const { applied } = await previewAndApply(
      deps,
      'PATCH',
      '/keys/key_prod',
      { quota_orders_per_month: 50000 },
      { token },
    );
    expect(applied.body).toMatchObject({
      changed: true,
      before: { quota_orders_per_month: 50000, quota_follows_plan: true },
      after: { quota_orders_per_month: 50000, quota_follows_plan: false },
    });
    expect(deps.store.current().state.keys.get('key_prod')?.quota_orders_per_month).toBe(50000);
  });

  it('a demo reset undoes a deprecation moved and moved back: the route is no longer refused', async () => {
    const { deps, retired } = await setup();
    const visitor = { principal: consolePrincipal(demoVisitor) };
    await previewAndApply(
      deps,
      'POST',
      '/routes/rt_v1_post/deprecate',
      { ...workspaceDeprecation, sunset_at: '2027-06-01' },
      visitor,
    );
    await previewAndApply(deps, 'POST', '/routes/rt_v1_post/deprecate', workspaceDeprecation, visitor);
    expect(retired()).not.toBeNull();
    const reset = await previewAndApply(deps, 'POST', '/demo/reset', {}, visitor);
    expect(reset.applied.status).toBe(200);
    expect(retired()).toBeNull();
    expect((await call(deps, 'POST', '/demo/reset', { dry_run: true }, visitor)).status).toBe(409);
  });
});
