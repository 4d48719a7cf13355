// The management API's contract for management keys (part of ./contract-cases.ts): an admin's
// scripts make, list and revoke them over HTTP; a key grants at most its maker's scopes and
// revokes only keys no stronger than itself; a revoked key is refused at once.
import type { ManageDeps } from '../../src/manage/deps.ts';
import type { ContractCase } from './contract-cases.ts';
import { call, managementKey, previewAndApply, type Answer } from './fixture.ts';

const create = (deps: ManageDeps, token: string, body: Record<string, unknown>) =>
  previewAndApply(deps, 'POST', '/management-keys', body, { token }).then((r) => r.applied);

/** Makes a key over HTTP, revokes it over HTTP, and calls with it: the last answer. */
async function revokedThenUsed(deps: ManageDeps, token: string): Promise<Answer> {
  const made = await create(deps, token, { name: 'ci bot', scopes: ['keys:read'] });
  const { mk_id: id } = made.body.after as { mk_id: string };
  const revoked = await previewAndApply(deps, 'POST', `/management-keys/${id}/revoke`, {}, { token });
  if (revoked.applied.status !== 200) return revoked.applied;
  return call(deps, 'GET', '/keys', undefined, { token: String(made.body.secret) });
}

/** Every management-key case. */
export const managementKeyCases: ContractCase[] = [
  {
    name: 'lists management keys, without their hashes',
    run: (d, t) => call(d, 'GET', '/management-keys', undefined, { token: t }),
    status: 200,
  },
  {
    name: 'makes a management key (value shown once)',
    run: (d, t) => create(d, t, { name: 'deploy bot', scopes: ['keys:read', 'audit:read'] }),
    status: 201,
  },
  {
    name: 'a key without management_keys:write cannot make one',
    run: async (d) =>
      create(d, await managementKey(d, ['keys:read', 'keys:write']), { name: 'x', scopes: ['keys:read'] }),
    status: 403,
    code: 'insufficient_scope',
  },
  {
    name: 'a key grants only scopes its maker holds',
    run: async (d) =>
      call(
        d,
        'POST',
        '/management-keys',
        { name: 'x', scopes: ['keys:write'], dry_run: true },
        { token: await managementKey(d, ['management_keys:write', 'keys:read']) },
      ),
    status: 403,
    code: 'insufficient_scope',
    fields: ['/scopes'],
  },
  {
    name: 'every bad management-key field is named',
    run: (d, t) =>
      call(
        d,
        'POST',
        '/management-keys',
        { name: '', scopes: ['orders:write'], dry_run: true },
        { token: t },
      ),
    status: 422,
    code: 'validation_failed',
    fields: ['/name', '/scopes/0'],
  },
  {
    name: 'an unknown management key is 404',
    run: (d, t) => call(d, 'POST', '/management-keys/mkid_nope/revoke', { dry_run: true }, { token: t }),
    status: 404,
    code: 'not_found',
  },
  {
    name: 'a key revokes only management keys no stronger than itself',
    run: async (d, t) => {
      const strong = await create(d, t, {
        name: 'admin bot',
        scopes: ['keys:write', 'management_keys:write'],
      });
      const { mk_id: id } = strong.body.after as { mk_id: string };
      const weak = await managementKey(d, ['management_keys:write']);
      return call(d, 'POST', `/management-keys/${id}/revoke`, { dry_run: true }, { token: weak });
    },
    status: 403,
    code: 'insufficient_scope',
  },
  {
    name: 'a management key revoked over HTTP is refused at once',
    run: revokedThenUsed,
    status: 401,
    code: 'invalid_management_key',
  },
];
