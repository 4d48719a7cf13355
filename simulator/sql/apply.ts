// Applies the numbered SQL files (tables, then views) in order: the only way a schema is built,
// for the simulator's output and for test fixtures alike.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';

const sqlDir = import.meta.dirname;

/** The numbered .sql files of one folder ('tables' or 'views'), in the order they apply. */
export function sqlFiles(folder: 'tables' | 'views'): string[] {
  const dir = join(sqlDir, folder);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => join(dir, file));
}

/** The schema's tables in the order they are created (parents first), named after their files. */
export function schemaTables(): string[] {
  return sqlFiles('tables').map((file) => basename(file, '.sql').replace(/^\d+_/, ''));
}

/** Runs every file of a folder on the connection, naming the file when one fails. */
export async function applySql(connection: DuckDBConnection, folder: 'tables' | 'views'): Promise<void> {
  for (const file of sqlFiles(folder)) {
    try {
      await connection.run(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
    }
  }
}
