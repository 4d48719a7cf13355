// Benchmarks measure this tree's views, whatever file data/ holds: they copy a workspace (or write
// the default one) and apply the current views to the copy. A server under benchmark reads such a
// copy too, so that everything it reads at start (keys, the deprecated POST /v1/orders route from
// the views) is there, as with `npm start`.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { defaultConfig } from '../simulator/config.ts';
import { applySql } from '../simulator/sql/apply.ts';
import { writeWorkspace } from '../simulator/writer.ts';
import type { ServerFiles } from '../harness/fixture-workspace.ts';

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

/**
 * A fresh folder under `parent` for a server under benchmark: a prepared copy of `source` as its
 * workspace, and an orders folder and issued-keys file of its own (neither exists yet).
 */
export async function benchServerFiles(source: string | null, parent: string): Promise<ServerFiles> {
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'estate-bench-'));
  const dataFile = join(dir, 'estate.duckdb');
  await preparedWorkspace(source, dataFile);
  return { dir, dataFile, ordersDir: join(dir, 'orders'), issuedKeysFile: join(dir, 'issued-keys.jsonl') };
}
