// The blast views on the default demo workspace (simulated once into a temp file): the alerts find
// every planted story, the score has a believable spread, the throttle replay at the current
// budget reproduces the recorded 429s, and the score's graph agrees with the measure views.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../../simulator/config.ts';
import {
  ASSISTANT_CONSUMERS,
  ERRORING_FUNCTION,
  ROTATION_LAG_CONSUMERS,
  ROTATION_LAG_KEY,
  THROTTLE_STORM_CONSUMER,
  plantedBurnPct,
} from '../../../../simulator/world/stories.ts';
import { writeWorkspace } from '../../../../simulator/writer.ts';
import { openWorkspace, type Workspace } from '../../../../src/lib/db.ts';

let dir = '';
let db: Workspace;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blast-default-'));
  const file = join(dir, 'estate.duckdb');
  await writeWorkspace(defaultConfig, file);
  db = await openWorkspace(file);
});

afterAll(() => {
  db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface AlertRow {
  kind: string;
  target_type: string;
  label: string;
  evidence: string;
  quota_burn_pct: number | null;
  blast_score: number | null;
}

describe('alerts on the default workspace', () => {
  it('finds the rotation-lag key, shared by consumers that hold no other key', async () => {
    const rows = await db.query<AlertRow>(`select * from v_alerts where kind = 'rotation_lag'`);
    expect(rows.map((r) => r.label)).toEqual([ROTATION_LAG_KEY]);
    expect(rows[0]?.evidence).toMatch(new RegExp(`^${ROTATION_LAG_CONSUMERS.length} consumers at `));
    const holders = await db.query<{ name: string }>(
      `select c.name from v_preview_rotate_key_consumers c join keys k using (key_id)
       where k.name = $key and c.other_active_keys = 0 order by c.name`,
      { key: ROTATION_LAG_KEY },
    );
    expect(holders.map((h) => h.name)).toEqual([...ROTATION_LAG_CONSUMERS].sort());
  });

  it('finds the throttle storm, and only it, with its quota burn', async () => {
    const rows = await db.query<AlertRow>(`select * from v_alerts where kind = 'throttle_storm'`);
    expect(rows.map((r) => [r.label, r.quota_burn_pct])).toEqual([
      [THROTTLE_STORM_CONSUMER, plantedBurnPct[THROTTLE_STORM_CONSUMER]],
    ]);
  });

  it('warns about deprecated routes close to sunset that still have callers', async () => {
    const rows = await db.query<AlertRow>(
      `select * from v_alerts where kind = 'sunset_with_dependents' order by label`,
    );
    const expected = await db.query<{ label: string }>(
      `select method || ' ' || path as label from v_route_stats
       where deprecated and sunset_at <= (select as_of + 30 from v_period) and requests_per_day > 0 order by label`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.label)).toEqual(expected.map((e) => e.label));
  });

  it('traces the erroring function behind its route’s 5xx', async () => {
    const rows = await db.query<AlertRow>(`select * from v_alerts where kind = 'function_errors'`);
    expect(rows.map((r) => r.label)).toEqual([ERRORING_FUNCTION]);
  });

  it('gives every alert a blast score, a cause and a link', async () => {
    const rows = await db.query<AlertRow & { href: string; cause: string }>('select * from v_alerts');
    for (const row of rows) {
      expect(row.blast_score).not.toBeNull();
      expect(row.cause).not.toBe('');
      expect(row.href).toMatch(/^\/app\/api\/(keys|routes|functions)\/[a-z]+_[a-z0-9]+#what-if$/);
    }
  });
});

describe('the retire preview on the default workspace', () => {
  it('lists the assistants that still call POST /v1/orders', async () => {
    const rows = await db.query<{ name: string; primary_caller_kind: string }>(
      `select d.name, d.primary_caller_kind from v_preview_retire_route_dependents d
       join routes r using (route_id) where r.method = 'POST' and r.path = '/v1/orders' and r.stage = 'prod'`,
    );
    const assistants = rows.filter((r) => r.primary_caller_kind === 'assistant').map((r) => r.name);
    expect(assistants).toEqual(expect.arrayContaining([...ASSISTANT_CONSUMERS]));
  });
});

describe('the score on the default workspace', () => {
  it('has a handful of high-blast targets, the rotation-lag key among them, most well below', async () => {
    const [spread] = await db.query<{ high: number; n: number; median: number }>(
      `select count(*) filter (where is_high_blast)::INTEGER as high, count(*)::INTEGER as n,
        median(score) as median from v_blast_score`,
    );
    expect(spread?.high).toBeGreaterThanOrEqual(3);
    expect(spread?.high).toBeLessThanOrEqual(8);
    expect(spread?.median).toBeLessThan(30);
    const risky = await db.query<{ label: string }>(`select label from v_blast_score where is_rotation_risk`);
    expect(risky.map((r) => r.label)).toContain(ROTATION_LAG_KEY);
  });

  it('counts the same dependents as the measure views', async () => {
    const mismatches = await db.query(
      `select s.target_id from v_blast_score s
       left join v_key_stats k on s.target_type = 'key' and k.key_id = s.target_id
       left join v_route_stats r on s.target_type = 'route' and r.route_id = s.target_id
       where s.target_type in ('key', 'route') and s.dependents <> coalesce(k.dependents, r.dependents)`,
    );
    expect(mismatches).toEqual([]);
  });
});

describe('the throttle replay on the default workspace', () => {
  it('predicts, at each key’s current budget, the 429s the key recorded', async () => {
    const rows = await db.query<{ key_id: string; recorded: number; predicted: number }>(
      `select k.key_id, round(sum(t.throttled_429)::DOUBLE / any_value(w.days), 1) as recorded,
         round((select coalesce(sum(throttled_per_day), 0) from preview_throttle(k.key_id, k.rpm_budget)), 1) as predicted
       from keys k join traffic_daily t using (key_id) cross join workspace w
       group by k.key_id, k.rpm_budget having sum(t.throttled_429) > 0`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.predicted, row.key_id).toBe(row.recorded);
  });
});
