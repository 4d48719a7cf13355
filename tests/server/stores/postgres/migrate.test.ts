// The schema's numbered migrations: applied once, in order, all or none, recorded; workers that
// start together apply them once between them; a database from newer or renamed code is refused.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, readMigrations, type Migration } from '../../../../server/stores/postgres/migrate.ts';
import { enginesAvailable, useEngines } from '../../../helpers/engines.ts';

const shipped = readMigrations();
const shippedNames = shipped.map((m) => m.name);
/** A migration numbered after every shipped one. */
const after = (offset: number, name: string, sql: string): Migration => {
  const version = Math.max(...shipped.map((m) => m.version)) + offset;
  return { version, name: `${String(version).padStart(3, '0')}_${name}.sql`, sql };
};

describe('readMigrations', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  function folder(files: Record<string, string>): string {
    const dir = mkdtempSync(join(tmpdir(), 'estate-migrations-'));
    dirs.push(dir);
    for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
    return dir;
  }

  it('reads the files by number, whatever order the folder lists them in', () => {
    const dir = folder({ '010_later.sql': 'select 2', '002_first.sql': 'select 1', 'README.md': '' });
    expect(readMigrations(dir).map((m) => [m.version, m.name])).toEqual([
      [2, '002_first.sql'],
      [10, '010_later.sql'],
    ]);
  });

  it.each([
    ['a file without a three-digit number', { '1_orders.sql': '' }, 'not named NNN_snake_case.sql'],
    ['two files with one number', { '001_a.sql': '', '001_b.sql': '' }, 'Two migrations numbered 1'],
  ])('refuses %s', (_, files, message) => {
    expect(() => readMigrations(folder(files))).toThrow(message);
  });

  it('starts with the orders table', () => {
    expect(shipped[0]?.name).toBe('001_orders.sql');
  });
});

describe.skipIf(!enginesAvailable())('migrate', () => {
  const engines = useEngines();
  const pools: pg.Pool[] = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
  });
  async function freshPool(): Promise<pg.Pool> {
    const pool = new pg.Pool({ connectionString: await engines.postgres().createDatabase() });
    pools.push(pool);
    return pool;
  }
  const tables = async (pool: pg.Pool) =>
    (
      await pool.query<{ name: string }>(
        `select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
      )
    ).rows.map((r) => r.name);

  it('applies each file once and records it', async () => {
    const pool = await freshPool();
    expect(await migrate(pool)).toEqual(shippedNames);
    expect(await migrate(pool)).toEqual([]);
    expect(await tables(pool)).toEqual(expect.arrayContaining(['orders', 'schema_migrations']));
    const { rows } = await pool.query<{ version: number; name: string }>(
      'select version, name from schema_migrations order by version',
    );
    expect(rows).toEqual(shipped.map(({ version, name }) => ({ version, name })));
  });

  it('applies a later file on the next start, and nothing of a failing file', async () => {
    const pool = await freshPool();
    await migrate(pool);
    const before = await tables(pool);
    const later = after(1, 'notes', 'create table notes (n integer)');
    const broken = after(2, 'broken', 'create table broken (n nosuchtype)');
    await expect(migrate(pool, [...shipped, later, broken])).rejects.toThrow(/nosuchtype/);
    expect(await tables(pool)).toEqual(before);
    expect(await migrate(pool, [...shipped, later])).toEqual([later.name]);
    expect(await tables(pool)).toEqual([...before, 'notes'].sort());
  });

  it('lets workers that start together apply the schema once between them', async () => {
    const url = await engines.postgres().createDatabase();
    const workers = Array.from({ length: 4 }, () => new pg.Pool({ connectionString: url, max: 1 }));
    pools.push(...workers);
    const applied = await Promise.all(workers.map((pool) => migrate(pool)));
    expect(applied.flat()).toEqual(shippedNames);
  });

  it.each([
    [
      'a version this code does not know',
      { version: 97, name: '097_future.sql', sql: 'select 1' },
      'does not know',
    ],
    [
      'a file renamed since it was applied',
      { version: 1, name: '001_old_name.sql', sql: 'select 1' },
      'names it',
    ],
  ])('refuses a database with %s', async (_, applied, message) => {
    const pool = await freshPool();
    await migrate(pool, [applied]);
    await expect(migrate(pool)).rejects.toThrow(message);
  });
});
