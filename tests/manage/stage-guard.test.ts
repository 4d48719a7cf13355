// An operator changes sandbox and staging, an admin production too (src/operators/roles.ts): the
// management API holds a console principal to its role's stages, whatever page or script asks.
import { describe, expect, it } from 'vitest';
import { consolePrincipal } from '../../src/manage/console-principal.ts';
import type { ConsoleActor } from '../../src/live/console-actor.ts';
import { call, depsOver, freshStore, managementKey } from './fixture.ts';

const as = (role: ConsoleActor['role']) => ({
  principal: consolePrincipal({ type: 'operator', id: `op_${role}`, name: `Olga the ${role}`, role }),
});

describe('stages a console operator may change', () => {
  it.each([
    // [who, method, path, body, status]
    ['operator', 'POST', '/keys/key_prod/roll', { overlap: '1h' }, 403],
    ['operator', 'POST', '/keys/key_sbx/roll', { overlap: '1h' }, 200],
    ['operator', 'PATCH', '/keys/key_prod', { rpm_budget: 10 }, 403],
    ['operator', 'POST', '/keys', { name: 'x', environment: 'production' }, 403],
    ['operator', 'POST', '/keys', { name: 'x', environment: 'staging' }, 200],
    // The workspace's routes are prod routes; consumers are production's.
    ['operator', 'POST', '/routes/rt_v2_post/deprecate', { sunset_at: '2027-06-01' }, 403],
    ['operator', 'PATCH', '/consumers/con_acme', { plan: 'Sandbox' }, 403],
    ['admin', 'POST', '/keys/key_prod/roll', { overlap: '1h' }, 200],
    ['admin', 'POST', '/routes/rt_v2_post/deprecate', { sunset_at: '2027-06-01' }, 200],
  ] as const)('%s: %s %s', async (role, method, path, body, status) => {
    const deps = depsOver(freshStore('memory'));
    const answer = await call(deps, method, path, { ...body, dry_run: true }, as(role));
    expect(answer.status).toBe(status);
    if (status === 403) expect(answer.body).toMatchObject({ code: 'stage_not_allowed' });
  });

  it('leaves management keys as their scopes say', async () => {
    const deps = depsOver(freshStore('memory'));
    const token = await managementKey(deps);
    const answer = await call(
      deps,
      'POST',
      '/keys/key_prod/roll',
      { overlap: '1h', dry_run: true },
      { token },
    );
    expect(answer.status).toBe(200);
  });
});
