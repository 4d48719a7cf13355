// Which acts a page offers for its target's live state: for a key fresh, mid-rotation, rotated,
// revoked and expired, and a route deprecated or not, an act is offered exactly when the management
// API's dry run takes it (200), and refused (409) when the page says why not.
import { describe, expect, it } from 'vitest';
import { actRefusal, keyActRefusal, unavailableLines } from '../../../src/what-if/act/availability.ts';
import type { ActName } from '../../../src/what-if/act/actions.ts';
import { call, depsOver, freshStore, managementKey, previewAndApply } from '../../manage/fixture.ts';

const startMs = Date.parse('2026-11-26T12:00:00Z');
const hour = 3_600_000;

/** A store, a movable clock and a key with every scope. */
async function world() {
  let nowMs = startMs;
  const deps = depsOver(freshStore('memory'), () => nowMs);
  const token = await managementKey(deps);
  return { deps, token, advance: (ms: number) => (nowMs += ms) };
}

const bodies: Record<string, Record<string, unknown>> = {
  roll: { overlap: '1h' },
  revoke: {},
  limits: { rpm_budget: 120 },
  undeprecate: {},
};

/** For each act: the page's refusal (null when offered) and the API's dry-run status. */
async function compare(
  w: Awaited<ReturnType<typeof world>>,
  kind: 'keys' | 'routes',
  id: string,
  names: ActName[],
) {
  const view = (await call(w.deps, 'GET', `/${kind}/${id}`, undefined, { token: w.token })).body;
  const out = [];
  for (const name of names) {
    const path =
      name === 'limits' ? `/keys/${id}` : `/${kind}/${id}/${name === 'undeprecate' ? 'restore' : name}`;
    const method = name === 'limits' ? 'PATCH' : 'POST';
    const answer = await call(w.deps, method, path, { ...bodies[name], dry_run: true }, { token: w.token });
    out.push({ name, refusal: actRefusal(name, view), status: answer.status });
  }
  return out;
}

const keyActs: ActName[] = ['roll', 'revoke', 'limits'];

describe('acts offered on a key match what the management API takes', () => {
  it.each([
    // Nothing changed it: every act is offered.
    ['fresh', () => Promise.resolve(), []],
    // Rolled, in its overlap: it cannot be rolled again, but can be revoked or changed.
    [
      'mid-rotation',
      async (w: Awaited<ReturnType<typeof world>>) => {
        await previewAndApply(w.deps, 'POST', '/keys/key_sbx/roll', { overlap: '24h' }, { token: w.token });
      },
      ['roll'],
    ],
    // Rolled, its overlap over: nothing more.
    [
      'rotated',
      async (w: Awaited<ReturnType<typeof world>>) => {
        await previewAndApply(w.deps, 'POST', '/keys/key_sbx/roll', { overlap: '1h' }, { token: w.token });
        w.advance(2 * hour);
      },
      keyActs,
    ],
    [
      'revoked',
      async (w: Awaited<ReturnType<typeof world>>) => {
        await previewAndApply(w.deps, 'POST', '/keys/key_sbx/revoke', {}, { token: w.token });
      },
      keyActs,
    ],
    // Expired: a roll is refused (issue a new key); the API still takes a revoke and a change.
    [
      'expired',
      async (w: Awaited<ReturnType<typeof world>>) => {
        const expiresAt = new Date(startMs + hour).toISOString();
        await previewAndApply(
          w.deps,
          'PATCH',
          '/keys/key_sbx',
          { expires_at: expiresAt },
          { token: w.token },
        );
        w.advance(2 * hour);
      },
      ['roll'],
    ],
  ] as const)('%s', async (_state, reach, refused) => {
    const w = await world();
    await reach(w);
    const seen = await compare(w, 'keys', 'key_sbx', keyActs);
    for (const { name, refusal, status } of seen) {
      expect(status, name).toBe((refused as readonly string[]).includes(name) ? 409 : 200);
      expect(refusal === null, name).toBe(status === 200);
    }
  });

  it('says why in words a person reads', () => {
    const mid = {
      status: 'active',
      replaced_by: 'key_new',
      rotation_ends_at: '2026-11-27T12:00:00Z',
      revoked_at: null,
      expires_at: null,
    };
    expect(keyActRefusal('roll', mid)).toBe(
      'this key is already being rotated: key_new replaces it, and it works until 2026-11-27 12:00:00 UTC',
    );
    const expired = {
      ...mid,
      status: 'expired',
      replaced_by: null,
      rotation_ends_at: null,
      expires_at: '2026-11-05T21:09:52Z',
    };
    expect(keyActRefusal('roll', expired)).toBe(
      'this key expired at 2026-11-05 21:09:52 UTC; issue a new key instead',
    );
    const revoked = new Map<ActName, string>([
      ['roll', 'this key was revoked'],
      ['revoke', 'this key was revoked'],
      ['limits', 'this key was revoked'],
    ]);
    expect(unavailableLines(revoked)).toEqual([
      'Roll, Revoke and Change rpm and quota are not offered: this key was revoked.',
    ]);
  });
});

describe('acts offered on a route match what the management API takes', () => {
  it.each([
    ['not deprecated', 'rt_v2_get', 409],
    ['deprecated', 'rt_v1_post', 200],
  ] as const)('undo the deprecation of a route %s', async (_state, routeId, status) => {
    const w = await world();
    const [seen] = await compare(w, 'routes', routeId, ['undeprecate']);
    expect(seen?.status).toBe(status);
    expect(seen?.refusal === null).toBe(status === 200);
  });
});
