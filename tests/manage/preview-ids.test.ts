// A dry run of a change that makes a key names the key the apply makes: the same key_id (or mk_id,
// or a roll's replacement), never an id the apply then does not use; the value it cannot know yet
// (its last four) is null in the preview.
import { describe, expect, it } from 'vitest';
import { call, depsOver, freshStore, managementKey, previewAndApply } from './fixture.ts';

const now = Date.parse('2026-11-26T12:00:00Z');

/** The id and last four of the key a change makes, as its answer's `after` shows it. */
function madeKey(path: string, after: Record<string, unknown>) {
  if (path.endsWith('/roll')) return after.replacement as { key_id: string; key_last4: string | null };
  if (path === '/management-keys') return { key_id: after.mk_id, key_last4: after.key_last4 };
  return { key_id: after.key_id, key_last4: after.key_last4 };
}

describe('the preview of a change that makes a key', () => {
  it.each([
    ['POST', '/keys', { name: 'made' }],
    ['POST', '/keys/key_prod/roll', { overlap: '24h' }],
    ['POST', '/management-keys', { name: 'made', scopes: ['keys:read'] }],
  ])('%s %s names the key the apply makes', async (method, path, body) => {
    const deps = depsOver(freshStore('memory'), () => now);
    const token = await managementKey(deps);
    const { preview, applied } = await previewAndApply(deps, method, path, body, { token });
    expect(applied.status).toBeLessThan(300);
    const shown = madeKey(path, preview.body.after as Record<string, unknown>);
    const made = madeKey(path, applied.body.after as Record<string, unknown>);
    expect(shown.key_id).toBe(made.key_id);
    expect(shown.key_last4).toBeNull();
    expect(made.key_last4).toBe(String(applied.body.secret).slice(-4));
    if (path.endsWith('/roll'))
      expect((preview.body.after as { replaced_by: string }).replaced_by).toBe(made.key_id);
  });
});

describe('the ids changes make', () => {
  it('differ for two identical issues, and both keys are kept', async () => {
    const deps = depsOver(freshStore('memory'), () => now);
    const token = await managementKey(deps);
    const made = [];
    for (let i = 0; i < 2; i++) {
      const { applied } = await previewAndApply(deps, 'POST', '/keys', { name: 'twin' }, { token });
      made.push((applied.body.after as { key_id: string }).key_id);
    }
    expect(new Set(made).size).toBe(2);
    for (const id of made) expect(deps.store.current().state.keys.has(id)).toBe(true);
  });
});

describe('a create previewed beside others', () => {
  it.each([
    ['/keys', { name: 'ci' }],
    ['/management-keys', { name: 'ci', scopes: ['keys:read'] }],
  ])('POST %s: two previews taken together both apply (nothing they show changed)', async (path, body) => {
    const deps = depsOver(freshStore('memory'), () => now);
    const token = await managementKey(deps);
    const previews = [];
    for (let i = 0; i < 2; i++)
      previews.push(await call(deps, 'POST', path, { ...body, dry_run: true }, { token }));
    const made = [];
    for (const preview of previews) {
      const applied = await call(
        deps,
        'POST',
        path,
        { ...body, preview_token: preview.body.preview_token },
        { token },
      );
      expect(applied.status).toBe(201);
      made.push(madeKey(path, applied.body.after as Record<string, unknown>).key_id);
    }
    expect(made).toEqual(previews.map((p) => madeKey(path, p.body.after as Record<string, unknown>).key_id));
    expect(new Set(made).size).toBe(2);
  });
});
