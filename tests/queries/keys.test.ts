// The Keys screen and a key's detail page show the values of v_key_stats, v_blast_score and the
// dependency views, and never key material or hashes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import { keyDetailScreen, keyRows } from '../../src/queries/keys.ts';
import type { FixtureDb } from '../helpers/fixture-db.ts';
import { loadConsoleFixture } from './console-fixture.ts';

let db: FixtureDb;
let ws: Workspace;
beforeAll(async () => ({ db, ws } = await loadConsoleFixture()));
afterAll(() => db.close());

describe('keys screen', () => {
  it('lists every key with the figures of v_key_stats and its blast score, highest blast first', async () => {
    const rows = await keyRows(ws);
    const view = await db.query<{
      key_id: string;
      dependents: number;
      requests_per_day: number;
      is_unused: boolean;
      status: string;
      score: number;
      is_high_blast: boolean;
    }>(
      `select k.key_id, k.dependents, k.requests_per_day, k.is_unused, k.status, b.score, b.is_high_blast
       from v_key_stats k join v_blast_score b on b.target_type = 'key' and b.target_id = k.key_id order by k.key_id`,
    );
    const shown = rows
      .map((r) => ({
        key_id: r.key_id,
        dependents: r.dependents,
        requests_per_day: r.requests_per_day,
        is_unused: r.is_unused,
        status: r.status,
        score: r.blast_score,
        is_high_blast: r.is_high_blast,
      }))
      .sort((a, b) => a.key_id.localeCompare(b.key_id));
    expect(shown).toEqual(view);
    const scores = rows.map((r) => r.blast_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('counts keys per environment as the views do', async () => {
    const rows = await keyRows(ws);
    const view = await db.query<{ environment: string; keys: number; unused_keys: number }>(
      'select environment, count(*)::INTEGER as keys, count(*) filter (where is_unused)::INTEGER as unused_keys from v_key_stats group by environment order by environment',
    );
    for (const v of view) {
      const row = rows.find((r) => r.environment === v.environment);
      expect({ keys: row?.environment_keys, unused_keys: row?.environment_unused_keys }).toEqual({
        keys: v.keys,
        unused_keys: v.unused_keys,
      });
    }
    expect(view.length).toBe(3);
  });

  it('never carries a key hash; only the prefix and last four characters', async () => {
    const rows = await keyRows(ws);
    const hashes = await db.query<{ key_hash_sha256: string }>('select key_hash_sha256 from keys');
    const text = JSON.stringify(rows);
    for (const { key_hash_sha256 } of hashes) expect(text).not.toContain(key_hash_sha256);
    expect(rows.every((r) => !('key_hash_sha256' in r))).toBe(true);
  });
});

describe('key detail', () => {
  it('lists the dependents of v_key_dependents and the routes they call with the key', async () => {
    const detail = await keyDetailScreen('key_prod_a', ws);
    expect(detail?.key.key_id).toBe('key_prod_a');
    const dependents = await db.query<{ consumer_id: string; requests_per_day: number }>(
      "select consumer_id, requests_per_day from v_key_dependents where key_id = 'key_prod_a' order by consumer_id",
    );
    expect(
      detail?.dependents.map((d) => ({ consumer_id: d.consumer_id, requests_per_day: d.requests_per_day })),
    ).toEqual(dependents);
    const routes = await db.query<{ consumer_id: string; route_id: string }>(
      "select consumer_id, route_id from v_route_dependents where key_id = 'key_prod_a' order by consumer_id, route_id",
    );
    expect(
      detail?.routes
        .map((r) => ({ consumer_id: r.consumer_id, route_id: r.route_id }))
        .sort((a, b) => a.route_id.localeCompare(b.route_id)),
    ).toEqual(routes);
    expect(detail?.routes.map((r) => r.route.path).sort()).toEqual(['/v2/orders', '/v2/orders/{order_id}']);
  });

  it('is undefined for a key the workspace does not have', async () => {
    expect(await keyDetailScreen('key_missing', ws)).toBeUndefined();
  });
});
