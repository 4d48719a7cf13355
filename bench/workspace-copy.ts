// Benchmarks measure this tree's views, whatever file data/ holds: they copy a workspace (or write
// the default one) and apply the current views to the copy.
import { copyFileSync, existsSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { defaultConfig } from '../simulator/config.ts';
import { applySql } from '../simulator/sql/apply.ts';
import { writeWorkspace } from '../simulator/writer.ts';

/**
 * Copies `source` to `file` (or writes the default workspace there when `source` is null or
 * missing), applies this tree's views, and returns the milliseconds spent applying them.
 */
export async function preparedWorkspace(source: string | null, file: string): Promise<number> {
  if (source && existsSync(source)) copyFileSync(source, file);
  else await writeWorkspace(defaultConfig, file);
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  const start = performance.now();
  await applySql(connection, 'views');
  const applyMs = performance.now() - start;
  connection.closeSync();
  instance.closeSync();
  return applyMs;
}
