// `npm run export`: every table as Parquet, facts partitioned by day, rows preserved.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeWorkspace } from '../../simulator/writer.ts';
import { openWorkspace, type Workspace } from '../../src/lib/db.ts';
import { simulatorTables, smallConfig, tempDir } from './simulated.ts';

const temp = tempDir();
const file = join(temp.dir, 'estate.duckdb');
const out = join(temp.dir, 'parquet');
let db: Workspace;
beforeAll(async () => {
  await writeWorkspace({ ...smallConfig, days: 2, scale: 0.01 }, file);
  const run = spawnSync(process.execPath, ['simulator/export.ts', '--file', file, '--out', out], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  db = await openWorkspace(file);
});
afterAll(() => {
  db.close();
  temp.cleanup();
});

const facts = ['traffic_daily', 'log_sample', 'quota_daily', 'function_daily', 'key_demand_minute'];

describe('npm run export', () => {
  it.each(simulatorTables.filter((t) => !facts.includes(t)))(
    'writes %s as one Parquet file with every row',
    async (table) => {
      const path = join(out, `${table}.parquet`);
      expect(existsSync(path)).toBe(true);
      const [row] = await db.query<{ same: boolean }>(
        `select (select count(*) from read_parquet($path)) = (select count(*) from "${table}") as same`,
        { path },
      );
      expect(row?.same).toBe(true);
    },
  );

  it.each(facts)('partitions %s by day, with every row', async (table) => {
    expect(readdirSync(join(out, table)).sort()).toEqual(['day=2026-10-30', 'day=2026-10-31']);
    const [row] = await db.query<{ same: boolean }>(
      `select (select count(*) from (select * exclude (day), day::varchar from read_parquet($glob, hive_partitioning = true)
                                      except all select * exclude (day), day::varchar from "${table}")) = 0
          and (select count(*) from read_parquet($glob, hive_partitioning = true)) = (select count(*) from "${table}") as same`,
      { glob: join(out, table, '*', '*.parquet') },
    );
    expect(row?.same).toBe(true);
  });
});
