// `npm run sql`: one query in each format, exact numbers and ISO times, every query of the data
// dictionary as an analyst pastes it, an interactive session, errors; read-only throughout.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/server.ts';
import { writeWorkspace } from '../../simulator/writer.ts';
import { openWorkspace, type Workspace } from '../../src/node/db.ts';
import { smallConfig, tempDir } from '../simulator/simulated.ts';
import { post, validOrder } from '../api/orders/contract-cases.ts';
import { fixtureWorld } from '../../harness/fixture-world.ts';
import { fetchAnswer } from '../api/orders/runners.ts';
import { writeFixtureWorkspace } from '../../harness/fixture-workspace.ts';

const temp = tempDir();
const file = join(temp.dir, 'estate.duckdb');
let reader: Workspace;
beforeAll(async () => {
  await writeWorkspace({ ...smallConfig, days: 2, scale: 0.01 }, file);
  // Held open for the whole file: the CLI must work beside another reader (the console server).
  reader = await openWorkspace(file);
});
afterAll(() => {
  reader.close();
  temp.cleanup();
});
const sql = (args: string[], input?: string, env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, ['analysts/sql-cli.ts', '--file', file, ...args], {
    encoding: 'utf8',
    input,
    env: { ...process.env, ESTATE_ORDERS_DIR: join(temp.dir, 'no-orders'), ...env },
  });
const query = "select plan, default_rpm_budget from plans where plan in ('Growth', 'Sandbox') order by plan";

describe('npm run sql', () => {
  it.each([
    [
      'table',
      'plan     default_rpm_budget\n-------  ------------------\nGrowth                 1200\nSandbox                  60\n(2 rows)\n',
    ],
    ['csv', 'plan,default_rpm_budget\nGrowth,1200\nSandbox,60\n'],
    [
      'json',
      `${JSON.stringify(
        [
          { plan: 'Growth', default_rpm_budget: 1200 },
          { plan: 'Sandbox', default_rpm_budget: 60 },
        ],
        null,
        2,
      )}\n`,
    ],
  ])('prints --format %s', (format, expected) => {
    const run = sql(['--format', format, query]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(expected);
  });

  it('right-aligns numeric columns, BIGINT and DECIMAL included, and prints every digit', () => {
    const run = sql([
      "select 'a' as name, 9007199254740993::BIGINT as big, 12.50::DECIMAL(10,2) as price, 1.5::DOUBLE as x " +
        "union all select 'bb', 7, null, -0.25",
    ]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      [
        'name               big  price      x',
        '----  ----------------  -----  -----',
        'a     9007199254740993  12.50    1.5',
        'bb                   7   NULL  -0.25',
        '(2 rows)',
        '',
      ].join('\n'),
    );
  });

  it('writes numbers as JSON numbers with every digit, and times as ISO 8601 UTC', () => {
    const run = sql([
      '--format',
      'json',
      `select 9007199254740993::BIGINT as big, 170141183460469231731687303715884105727::HUGEINT as huge,
              12.50::DECIMAL(10,2) as price, count(*) over () as n, 0.1::DOUBLE as x,
              TIMESTAMP '2026-11-01 10:00:00' as ts, TIMESTAMP '2026-11-01 10:00:00.123456' as ts_us,
              TIMESTAMPTZ '2026-11-01 12:00:00+02' as ts_tz, DATE '2026-11-01' as day,
              [1::BIGINT, 2] as list, {'at': TIMESTAMP '2026-01-02 03:04:05.6'} as nested`,
    ]);
    expect(run.stderr).toBe('');
    const exact = JSON.parse(run.stdout, (_key, value: unknown, context?: { source?: string }) =>
      typeof value === 'number' ? context?.source : value,
    ) as unknown;
    expect(exact).toEqual([
      {
        big: '9007199254740993',
        huge: '170141183460469231731687303715884105727',
        price: '12.50',
        n: '1',
        x: '0.1',
        ts: '2026-11-01T10:00:00.000Z',
        ts_us: '2026-11-01T10:00:00.123456Z',
        ts_tz: '2026-11-01T10:00:00.000Z',
        day: '2026-11-01',
        list: ['1', '2'],
        nested: { at: '2026-01-02T03:04:05.600Z' },
      },
    ]);
  });

  it('writes CSV times as ISO 8601 UTC and numbers exactly', () => {
    const run = sql([
      '--format',
      'csv',
      "select TIMESTAMP '2026-11-01 10:00:00' as ts, 12.50::DECIMAL(10,2) as p",
    ]);
    expect(run.stdout).toBe('ts,p\n2026-11-01T10:00:00.000Z,12.50\n');
  });

  it.each(['UTC', 'Asia/Kolkata', 'America/New_York'])(
    'compares and casts times in UTC whatever the machine is set to (TZ=%s)',
    (tz) => {
      const run = sql(
        [
          '--format',
          'csv',
          "select current_setting('TimeZone') as tz, (TIMESTAMP '2026-10-02 00:00:00')::TIMESTAMPTZ = TIMESTAMPTZ '2026-10-02 00:00:00+00' as same",
        ],
        undefined,
        { TZ: tz },
      );
      expect(run.stdout).toBe('tz,same\nUTC,true\n');
    },
  );

  it('answers queries typed at the prompt until .quit', () => {
    const run = sql(
      [],
      "select count(*)::integer as n\nfrom thresholds;\n.tables\n.quit\nselect 'never run';\n",
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/n\n-\n1\n\(1 row\)/);
    expect(run.stdout).toMatch(/log_sample\s+BASE TABLE/);
    expect(run.stdout).not.toMatch(/never run/);
  });

  it('reports a bad query and exits 1', () => {
    const run = sql(['select * from no_such_table']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/no_such_table/);
  });

  it('prints its usage for --help and exits 0', () => {
    const run = sql(['--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^usage: npm run sql -- \[--format table\|csv\|json\]/);
  });

  it('cannot write: the file is opened read-only', () => {
    const run = sql(['delete from plans']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/read-only/i);
  });
});

/** Every query of the data dictionary's SQL blocks, each with the comment lines above it. */
function dictionaryQueries(): string[] {
  const readme = readFileSync('data/README.md', 'utf8');
  const blocks = [...readme.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1] as string);
  return blocks.flatMap((block) =>
    block
      .split(/;[^\S\n]*(?:--[^\n]*)?\n/)
      .map((query) => query.trim())
      .filter((query) => query.replace(/--[^\n]*/g, '').trim() !== ''),
  );
}

describe('the queries in data/README.md', () => {
  const queries = dictionaryQueries();

  it('are all found (most start with a comment, as an analyst pastes them)', () => {
    expect(queries.length).toBeGreaterThanOrEqual(16);
    expect(queries.filter((q) => q.startsWith('--')).length).toBeGreaterThanOrEqual(13);
  });

  it.each(queries.map((q) => [q.split('\n')[0], q]))('run as given: %s', (_title, query) => {
    const run = sql([query]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/\(\d+ rows?\)\n$/);
  });
});

describe('the live orders view', () => {
  it('shows the orders a running server has acknowledged, read-only, while it runs', async () => {
    const files = await writeFixtureWorkspace(fixtureWorld, temp.dir);
    const server = await startServer({ port: 0, host: '127.0.0.1', console: false, api: files });
    try {
      const created = await fetchAnswer(
        `http://127.0.0.1:${server.port}/v2/orders`,
        post('sandbox', validOrder),
      );
      expect(created.status).toBe(201);
      const run = sql(
        ['--format', 'csv', 'select id, customer, livemode, key_id, len(lines) as lines from orders'],
        undefined,
        { ESTATE_ORDERS_DIR: files.ordersDir },
      );
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe(
        `id,customer,livemode,key_id,lines\n${(created.body as { id: string }).id},cus_acme,false,key_sandbox,1\n`,
      );
    } finally {
      await server.close();
    }
  });

  it('is there, empty, before the server has written an order', () => {
    const run = sql(['select count(*) as orders from orders']);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^orders\n------\n {5}0\n/);
  });
});
