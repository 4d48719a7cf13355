// `npm run export`: every table, measure view and live view as Parquet, facts partitioned by day
// (rows without a day in the null partition), rows preserved, timestamps as UTC instants, key
// hashes left out.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { exportParquet, nullPartition } from '../../analysts/export.ts';
import { writeWorkspace } from '../../simulator/writer.ts';
import { openWorkspace, type Workspace } from '../../src/node/db.ts';
import { simulatorTables, smallConfig, tempDir } from '../simulator/simulated.ts';

const temp = tempDir();
const file = join(temp.dir, 'estate.duckdb');
const out = join(temp.dir, 'parquet');
const ordersDir = join(temp.dir, 'orders');
const order = {
  id: 'ord_1',
  customer: 'cus_a',
  lines: [{ sku: 'sku_a', qty: 2 }],
  livemode: false,
  created_at: '2026-11-23T10:00:00.000Z',
  key_id: 'key_a',
  environment: 'sandbox',
  idempotency_key: null,
  request_sha256: null,
};
let db: Workspace;
let stdout = '';
beforeAll(async () => {
  await writeWorkspace({ ...smallConfig, days: 2, scale: 0.01 }, file);
  mkdirSync(ordersDir);
  writeFileSync(join(ordersDir, 'orders-0.ndjson'), `${JSON.stringify(order)}\n{"id":"ord_torn"`);
  const run = spawnSync(process.execPath, ['analysts/export.ts', '--file', file, '--out', out], {
    encoding: 'utf8',
    env: { ...process.env, ESTATE_ORDERS_DIR: ordersDir },
  });
  if (run.status !== 0) throw new Error(run.stderr);
  stdout = run.stdout;
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

describe('npm run export, for another tool', () => {
  it('writes every timestamp as a UTC instant (TIMESTAMPTZ), the same instants as the workspace', async () => {
    const stamped = await db.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns c
       join information_schema.tables t using (table_catalog, table_schema, table_name)
       where c.table_schema = 'main' and t.table_type = 'BASE TABLE' and c.data_type = 'TIMESTAMP'
       order by all`,
    );
    expect(stamped.map((s) => `${s.table_name}.${s.column_name}`)).toContain('log_sample.ts');
    for (const { table_name: table, column_name: column } of stamped) {
      // tables with a day are partitioned (a folder), the rest one file
      const glob = existsSync(join(out, table))
        ? join(out, table, '*', '*.parquet')
        : join(out, `${table}.parquet`);
      const [type] = await db.query<{ column_type: string }>(
        `select column_type from (describe select "${column}" from read_parquet($glob))`,
        { glob },
      );
      expect(type?.column_type, `${table}.${column}`).toBe('TIMESTAMP WITH TIME ZONE');
      // the workspace's naive timestamps are UTC: epoch() reads them as such
      const [row] = await db.query<{ same: boolean }>(
        `select (select count(*) from (select epoch("${column}") from read_parquet($glob)
                                       except all select epoch("${column}") from "${table}")) = 0
            and (select count(*) from read_parquet($glob)) = (select count(*) from "${table}") as same`,
        { glob },
      );
      expect(row?.same, `${table}.${column}`).toBe(true);
    }
  });

  it('writes every measure view beside the tables, with every row', async () => {
    const views = await db.query<{ name: string }>(
      `select view_name as name from duckdb_views() where not internal and schema_name = 'main' order by 1`,
    );
    expect(views.map((v) => v.name)).toEqual(
      expect.arrayContaining(['v_overview', 'v_key_stats', 'v_alerts']),
    );
    for (const { name } of views) {
      const path = join(out, `${name}.parquet`);
      expect(existsSync(path), name).toBe(true);
      const [row] = await db.query<{ same: boolean }>(
        `select (select count(*) from read_parquet($path)) = (select count(*) from "${name}") as same`,
        { path },
      );
      expect(row?.same, name).toBe(true);
    }
    const [overview] = await db.query<{ same: boolean }>(
      `select (select healthy_functions from read_parquet($path)) = (select healthy_functions from v_overview) as same`,
      { path: join(out, 'v_overview.parquet') },
    );
    expect(overview?.same).toBe(true);
  });
});

describe('npm run export, beyond the tables', () => {
  it('leaves key hashes out, and every other column of keys in', async () => {
    const path = join(out, 'keys.parquet');
    const columns = await db.query<{ name: string }>(
      'select name from parquet_schema($path) where name <> $root',
      { path, root: 'duckdb_schema' },
    );
    expect(columns.map((c) => c.name)).not.toContain('key_hash_sha256');
    const [row] = await db.query<{ same: boolean }>(
      `select (select count(*) from (select * from read_parquet($path)
                                     except all select * exclude (key_hash_sha256) from keys)) = 0 as same`,
      { path },
    );
    expect(row?.same).toBe(true);
  });

  it('writes the live orders view: whole lines of the journal only', async () => {
    expect(stdout).toMatch(/^orders +1 rows → .*orders\.parquet$/m);
    expect(
      await db.query('select id, customer, lines[1].qty as qty from read_parquet($path)', {
        path: join(out, 'orders.parquet'),
      }),
    ).toEqual([{ id: 'ord_1', customer: 'cus_a', qty: 2 }]);
  });

  it('puts rows without a day in the null partition, which reads back as null, and says so', async () => {
    const factsFile = join(temp.dir, 'facts.duckdb');
    const instance = await DuckDBInstance.create(factsFile);
    const writer = await instance.connect();
    await writer.run(
      "create table facts as select * from (values (DATE '2026-10-31', 1), (null, 2)) v(day, n)",
    );
    writer.closeSync();
    instance.closeSync();
    const facts = await openWorkspace(factsFile);
    const factsOut = join(temp.dir, 'facts-parquet');
    try {
      const [exported] = (await exportParquet(facts, factsOut, { ESTATE_ORDERS_DIR: ordersDir })).filter(
        (t) => t.table === 'facts',
      );
      expect(exported).toMatchObject({ partitioned: true, rows: 2, rowsWithoutDay: 1 });
      expect(readdirSync(join(factsOut, 'facts')).sort()).toEqual(['day=2026-10-31', nullPartition]);
      expect(
        await facts.query(
          'select n, day::varchar as day from read_parquet($glob, hive_partitioning = true) order by n',
          { glob: join(factsOut, 'facts', '*', '*.parquet') },
        ),
      ).toEqual([
        { n: 1, day: '2026-10-31' },
        { n: 2, day: null },
      ]);
    } finally {
      facts.close();
    }
  });
});
