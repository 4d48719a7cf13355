// What each change does and what its audit entry keeps: a roll never pushes the old key's expiry
// later, a key's value is shown once (an idempotent replay omits it), the entry names actor,
// target, before and after, request, idempotency key, address, user agent and blast radius, and
// the trail reads in cursor pages.
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/manage/audit.ts';
import { call, depsOver, freshStore, managementKey, previewAndApply, prodMaterial, sha } from './fixture.ts';

const now = Date.parse('2026-11-26T12:00:00Z');

async function setup() {
  const deps = depsOver(freshStore('memory'), () => now);
  return { deps, token: await managementKey(deps) };
}

describe('roll', () => {
  it('ends the overlap at the old key expiry when that comes first (never later)', async () => {
    const { deps, token } = await setup();
    const expires = new Date(now + 2 * 86_400_000).toISOString();
    await previewAndApply(deps, 'PATCH', '/keys/key_prod', { expires_at: expires }, { token });
    const { applied } = await previewAndApply(
      deps,
      'POST',
      '/keys/key_prod/roll',
      { overlap: '7d' },
      { token },
    );
    expect((applied.body.after as { rotation_ends_at: string }).rotation_ends_at).toBe(expires);
  });

  it.each([
    ['now', 0],
    ['1h', 3_600_000],
    ['P1W', 7 * 86_400_000],
    ['P1DT12H', 36 * 3_600_000],
  ])('an overlap of %s ends %i ms after the roll', async (overlap, ms) => {
    const { deps, token } = await setup();
    const { applied } = await previewAndApply(deps, 'POST', '/keys/key_prod/roll', { overlap }, { token });
    expect((applied.body.after as { rotation_ends_at: string }).rotation_ends_at).toBe(
      new Date(now + ms).toISOString(),
    );
    expect(applied.body.secret).toMatch(/^sk_live_/);
  });
});

describe('dry run', () => {
  it("shows the target's blast radius and the what-if the workspace gives for the change", async () => {
    const { deps, token } = await setup();
    const whatIf = { consumers_to_switch: 3, requests_per_day: 1200 };
    const withWhatIf = { ...deps, whatIfOf: (action: string) => (action === 'key.roll' ? whatIf : null) };
    const preview = await call(
      withWhatIf,
      'POST',
      '/keys/key_prod/roll',
      { overlap: '24h', dry_run: true },
      { token },
    );
    expect(preview.body).toMatchObject({
      blast: { score: 72, dependents: 3, requests_per_day: 1200 },
      what_if: whatIf,
    });
    expect(deps.store.current().entries.map((e) => e.action)).toEqual(['management_key.create']);
  });
});

describe('issue and Idempotency-Key', () => {
  it('shows the value once; a replay answers the same change without it', async () => {
    const { deps, token } = await setup();
    const headers = { 'idempotency-key': 'issue-1' };
    const first = await previewAndApply(deps, 'POST', '/keys', { name: 'ci' }, { token, headers });
    expect(first.applied.status).toBe(201);
    expect(first.applied.body.secret).toMatch(/^sk_test_/);
    const again = await call(
      deps,
      'POST',
      '/keys',
      { name: 'ci', preview_token: first.preview.body.preview_token },
      { token, headers },
    );
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.audit_entry_id).toBe(first.applied.body.audit_entry_id);
    expect(again.body.secret).toBeUndefined();
    const keyId = (first.applied.body.after as { key_id: string }).key_id;
    const record = deps.store.current().state.recordByHash(sha(String(first.applied.body.secret)));
    expect(record?.key_id).toBe(keyId);
  });
});

describe('the audit entry', () => {
  it('keeps who, what, before and after, the request and the blast radius', async () => {
    const { deps, token } = await setup();
    const { applied } = await previewAndApply(
      deps,
      'POST',
      '/keys/key_prod/revoke',
      {},
      { token, headers: { 'idempotency-key': 'rv-1', 'user-agent': 'curl/8' } },
    );
    const page = await call(deps, 'GET', '/audit?action=key.revoke', undefined, { token });
    const [entry] = page.body.data as AuditEntry[];
    expect(entry).toMatchObject({
      id: applied.body.audit_entry_id,
      action: 'key.revoke',
      actor: { type: 'management_key', name: 'test key' },
      target: { type: 'key', id: 'key_prod', name: 'key_prod name' },
      before: { status: 'active' },
      after: { status: 'revoked' },
      request_id: applied.headers['request-id'],
      idempotency_key: 'rv-1',
      source_address: '127.0.0.1',
      user_agent: 'curl/8',
      blast: { score: 72, dependents: 3, requests_per_day: 1200 },
    });
    // The Orders API refuses the key, naming this entry.
    const record = deps.store.current().state.recordByHash(sha(prodMaterial));
    expect(record).toMatchObject({ status: 'revoked', audit_entry_id: entry?.id });
  });

  it('names the issue as the cause of a refusal when the key was issued with an expiry', async () => {
    const { deps, token } = await setup();
    const { applied } = await previewAndApply(
      deps,
      'POST',
      '/keys',
      { name: 'brief', expires_at: '2026-12-01T00:00:00Z' },
      { token },
    );
    const record = deps.store.current().state.recordByHash(sha(String(applied.body.secret)));
    expect(record).toMatchObject({ audit_entry_id: applied.body.audit_entry_id });
  });

  it('records a console operator as the actor it was handed', async () => {
    const { deps } = await setup();
    const principal = {
      actor: { type: 'operator' as const, id: 'op_1', name: 'Ada' },
      scopes: ['keys:write'],
    };
    await previewAndApply(deps, 'POST', '/keys/key_sbx/revoke', {}, { principal });
    const entries = deps.store.current().entries;
    expect(entries.at(-1)?.actor).toEqual(principal.actor);
  });
});

describe('GET /audit', () => {
  it('pages newest first with a cursor, and filters', async () => {
    const { deps, token } = await setup();
    for (const rpm of [10, 20, 30])
      await previewAndApply(deps, 'PATCH', '/keys/key_prod', { rpm_budget: rpm }, { token });
    const first = await call(deps, 'GET', '/audit?limit=2', undefined, { token });
    const seqs = (first.body.data as AuditEntry[]).map((e) => e.seq);
    expect(seqs).toEqual([4, 3]);
    const second = await call(
      deps,
      'GET',
      `/audit?limit=2&cursor=${String(first.body.next_cursor)}`,
      undefined,
      { token },
    );
    expect((second.body.data as AuditEntry[]).map((e) => e.seq)).toEqual([2, 1]);
    expect(second.body.next_cursor).toBeNull();
    // And back: the newer page from the older one's previous_cursor.
    expect(first.body.previous_cursor).toBeNull();
    const back = await call(
      deps,
      'GET',
      `/audit?limit=2&ending_before=${String(second.body.previous_cursor)}`,
      undefined,
      { token },
    );
    expect(back.body.data).toEqual(first.body.data);
    expect(back.body.previous_cursor).toBeNull();
    const byTarget = await call(deps, 'GET', '/audit?target=key_prod&actor_type=management_key', undefined, {
      token,
    });
    expect(
      (byTarget.body.data as AuditEntry[]).map((e) => (e.after as { rpm_budget: number }).rpm_budget),
    ).toEqual([30, 20, 10]);
    const none = await call(deps, 'GET', '/audit?until=2026-01-01T00:00:00Z', undefined, { token });
    expect(none.body.data).toEqual([]);
  });
});

describe('a change that changes nothing', () => {
  // A deprecation the API set, repeated with its date written as an instant.
  const deprecation = { sunset_at: '2027-03-01', successor_route_id: 'rt_v2_post' };
  it.each([
    ['PATCH', '/keys/key_prod', { rpm_budget: 600, name: 'key_prod name' }],
    ['POST', '/routes/rt_v1_post/deprecate', { ...deprecation, sunset_at: '2027-03-01T00:00:00Z' }],
    ['PATCH', '/consumers/con_acme', { plan: 'Growth' }],
  ])('%s %s writes no audit entry and stales no preview', async (method, path, body) => {
    const { deps, token } = await setup();
    await previewAndApply(deps, 'POST', '/routes/rt_v1_post/deprecate', deprecation, { token });
    const other = await call(deps, 'PATCH', '/keys/key_prod', { rpm_budget: 7, dry_run: true }, { token });
    const otherRoute = await call(deps, 'POST', '/routes/rt_v1_post/restore', { dry_run: true }, { token });
    const before = deps.store.current().entries.length;
    const { preview, applied } = await previewAndApply(deps, method, path, body, { token });
    expect(preview.body).toMatchObject({ object: 'preview', changed: false });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ object: 'change', changed: false, audit_entry_id: null });
    expect(applied.body.after).toEqual(applied.body.before);
    expect(deps.store.current().entries).toHaveLength(before);
    // Others' previews still apply.
    const token1 = other.body.preview_token;
    const token2 = otherRoute.body.preview_token;
    expect(
      (await call(deps, 'PATCH', '/keys/key_prod', { rpm_budget: 7, preview_token: token1 }, { token }))
        .status,
    ).toBe(200);
    expect(
      (await call(deps, 'POST', '/routes/rt_v1_post/restore', { preview_token: token2 }, { token })).status,
    ).toBe(200);
  });

  it('a name that reads as a date is text: renaming "2027-01-31" to its instant is a change', async () => {
    const { deps, token } = await setup();
    await previewAndApply(deps, 'PATCH', '/keys/key_prod', { name: '2027-01-31' }, { token });
    const renamed = { name: '2027-01-31T00:00:00.000Z' };
    const { applied } = await previewAndApply(deps, 'PATCH', '/keys/key_prod', renamed, { token });
    expect(applied.body.changed).toBe(true);
  });

  it('a change answers changed: true with its entry', async () => {
    const { deps, token } = await setup();
    const { preview, applied } = await previewAndApply(
      deps,
      'PATCH',
      '/keys/key_prod',
      { rpm_budget: 7 },
      { token },
    );
    expect(preview.body.changed).toBe(true);
    expect(applied.body.changed).toBe(true);
    expect(applied.body.audit_entry_id).toMatch(/^aud_/);
  });
});
