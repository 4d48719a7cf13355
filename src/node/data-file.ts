import { resolve } from 'node:path';

/** The workspace DuckDB file the console and API read: ESTATE_DATA, else data/estate.duckdb. */
export function defaultDataFile(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.ESTATE_DATA ?? 'data/estate.duckdb');
}
