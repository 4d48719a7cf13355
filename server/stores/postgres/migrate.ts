// The schema as numbered migration files (migrations/NNN_name.sql, like the simulator's SQL),
// applied in order in one transaction and recorded in schema_migrations. A transaction-scoped
// advisory lock makes workers that start together take turns: the first applies, the rest find
// every file applied. A file applied before must keep its name; a database migrated by newer code
// (a version this code does not know) is refused rather than run against a schema it cannot read.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { postgresSql } from './sql.ts';

/** The migrations folder of this code. */
export const migrationsDir = join(import.meta.dirname, 'migrations');

/** A migration file: its number and name, and its SQL. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The migration files of `dir`, by number; throws on a misnamed file or a number used twice. */
export function readMigrations(dir = migrationsDir): Migration[] {
  const migrations = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .map((name) => {
      const match = /^(\d{3})_[a-z0-9_]+\.sql$/.exec(name);
      if (!match?.[1]) throw new Error(`Migration ${name} is not named NNN_snake_case.sql`);
      return { version: Number(match[1]), name, sql: readFileSync(join(dir, name), 'utf8') };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (i > 0 && migrations[i - 1]?.version === m.version)
      throw new Error(`Two migrations numbered ${m.version}`);
  });
  return migrations;
}

/** Applies the migrations the database lacks, all or none; returns the names applied now. */
export async function migrate(pool: pg.Pool, migrations = readMigrations()): Promise<string[]> {
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query('begin');
    await client.query(postgresSql('migration_lock'));
    await client.query(postgresSql('schema_migrations'));
    const { rows } = await client.query<{ version: number; name: string }>(postgresSql('applied_migrations'));
    const applied = new Map(rows.map((row) => [row.version, row.name]));
    const known = new Map(migrations.map((m) => [m.version, m.name]));
    for (const [version, name] of applied) {
      if (!known.has(version))
        throw new Error(`The database has migration ${name}, which this code does not know`);
      if (known.get(version) !== name)
        throw new Error(
          `Migration ${version} was applied as ${name}, but this code names it ${known.get(version)}`,
        );
    }
    const missing = migrations.filter((m) => !applied.has(m.version));
    for (const m of missing) {
      await client.query(m.sql);
      await client.query(postgresSql('record_migration'), [m.version, m.name]);
    }
    await client.query('commit');
    return missing.map((m) => m.name);
  } catch (error) {
    failed = true;
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    // A connection that failed mid-transaction is closed rather than handed out again.
    client.release(failed);
  }
}
