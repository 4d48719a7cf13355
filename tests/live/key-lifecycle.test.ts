// Every key's live lifecycle: the workspace's simulated state, with this server's changes (the key
// lines of the management journal, as the live source hands them over) on top, matched by
// credential; keys issued here tell their own story. Without a live API there is none (a static
// build keeps the simulated state).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestLogReader } from '../../src/api/request-log.ts';
import type { Workspace } from '../../src/node/db.ts';
import { IssuedKeys, type IssuedKeysLine } from '../../src/lib/issued-keys.ts';
import { liveKeyLifecycle, liveKeyLifecycles } from '../../src/live/key-lifecycle.ts';
import { keyStatusPatch } from '../../src/live/key-status-patch.ts';
import { installLiveSource } from '../../src/live/source.ts';
import type { FixtureDb } from '../helpers/fixture-db.ts';
import { loadFixture } from '../helpers/fixture-db.ts';
import { issuedLine, restoredLine, revokedLine, rotatedLine } from '../helpers/issued-key-lines.ts';
import { asWorkspace, consoleFixture } from '../queries/console-fixture.ts';

const hashOf = (keyId: string) => createHash('sha256').update(keyId).digest('hex');
const now = Date.parse('2026-11-10T00:00:00Z');
let db: FixtureDb;
let ws: Workspace;
/** The key lines the live source holds (the management journal's, in a running server). */
let lines: IssuedKeysLine[];

beforeAll(async () => {
  const rows = consoleFixture();
  rows.keys = (rows.keys ?? []).map((k) => ({ ...k, key_hash_sha256: hashOf(k.key_id) }));
  db = await loadFixture(rows);
  ws = asWorkspace(db);
});
afterAll(() => {
  db.close();
  installLiveSource(null);
});
beforeEach(() => {
  lines = [];
  installLiveSource({
    startedAtMs: now,
    log: {} as RequestLogReader,
    keys: () => {
      const folded = new IssuedKeys();
      for (const line of lines) folded.apply(line);
      return folded;
    },
    audit: () => ({ entries: [], next_cursor: null, previous_cursor: null }),
    auditEntry: () => undefined,
  });
});

const write = (...more: IssuedKeysLine[]) => lines.push(...more);
const lifecycleOf = (keyId: string) => liveKeyLifecycle(keyId, now, { db: ws });

describe('liveKeyLifecycle', () => {
  it('is expired, not expiring, once the expiry has passed (as the management API says)', async () => {
    const lifecycle = await lifecycleOf('key_prod_b');
    expect(lifecycle?.status).toBe('expired');
    expect(lifecycle && keyStatusPatch(lifecycle)).toMatchObject({ text: 'Expired', tone: 'bad' });
    expect(
      (await liveKeyLifecycle('key_prod_b', Date.parse('2026-11-04T00:00:00Z'), { db: ws }))?.status,
    ).toBe('expiring');
  });

  it('is the simulated state for a key this server never changed', async () => {
    expect(await lifecycleOf('key_stg')).toMatchObject({
      status: 'rotated',
      rotated_at: '2026-10-20T00:00:00Z',
      revoked_at: null,
      changed_here: false,
    });
    expect(await lifecycleOf('key_nobody')).toBeUndefined();
  });

  it('shows a workspace key revoked from the CLI as revoked, with when', async () => {
    write(revokedLine('key_prod_a', hashOf('key_prod_a'), '2026-11-02T00:00:00.000Z'));
    expect(await lifecycleOf('key_prod_a')).toMatchObject({
      status: 'revoked',
      revoked_at: '2026-11-02T00:00:00.000Z',
      changed_here: true,
    });
  });

  it.each([
    // [when the overlap ends, status, rotating]
    ['2026-11-11T00:00:00.000Z', 'active', true],
    ['2026-11-09T00:00:00.000Z', 'rotated', false],
  ] as const)('shows a rotation ending %s as %s', async (endsAt, status, rotating) => {
    write(
      issuedLine({ key_id: 'key_new', key_hash_sha256: 'e'.repeat(64), replaces: 'key_prod_a' }),
      rotatedLine('key_prod_a', hashOf('key_prod_a'), 'key_new', '2026-11-08T00:00:00.000Z', endsAt),
    );
    expect(await lifecycleOf('key_prod_a')).toMatchObject({
      status,
      rotating,
      rotated_at: '2026-11-08T00:00:00.000Z',
      rotation_ends_at: endsAt,
      replaced_by: 'key_new',
    });
    expect(await lifecycleOf('key_new')).toMatchObject({ status: 'active', replaces: 'key_prod_a' });
    const old = await lifecycleOf('key_prod_a');
    // Mid-rotation it reads as rotating, with the end of its overlap; not as plainly active.
    expect(old && keyStatusPatch(old).text).toBe(
      rotating ? 'Rotating, until 2026-11-11 00:00:00 UTC' : 'Rotated',
    );
  });

  it('ignores a line written for another credential of the same id (a workspace simulated again)', async () => {
    write(revokedLine('key_prod_a', 'f'.repeat(64), '2026-11-02T00:00:00.000Z'));
    expect(await lifecycleOf('key_prod_a')).toMatchObject({ status: 'active', changed_here: false });
  });

  it('is the simulated state again after a restoration', async () => {
    write(
      revokedLine('key_sbx', hashOf('key_sbx'), '2026-11-02T00:00:00.000Z'),
      restoredLine('key_sbx', hashOf('key_sbx'), '2026-11-03T00:00:00.000Z'),
    );
    expect(await lifecycleOf('key_sbx')).toMatchObject({
      status: 'active',
      revoked_at: null,
      restored_at: '2026-11-03T00:00:00.000Z',
    });
  });

  it('is null without a live API: a static build keeps the simulated state', async () => {
    installLiveSource(null);
    expect(await lifecycleOf('key_prod_a')).toBeNull();
    expect(await liveKeyLifecycles(now, { db: ws })).toBeNull();
  });
});

describe('liveKeyLifecycles', () => {
  it('lists the keys this server changed or issued, and no other', async () => {
    write(issuedLine(), revokedLine('key_prod_b', hashOf('key_prod_b'), '2026-11-02T00:00:00.000Z'));
    const all = await liveKeyLifecycles(now, { db: ws });
    expect([...(all?.keys() ?? [])].sort()).toEqual(['key_a', 'key_prod_b']);
  });
});
