// Loads the console's SQL: one file per query in src/queries/sql/<screen>/<result_name>.sql,
// read once per process. Files are resolved from the project root (the working directory of the
// build, the server and the tests), so the per-request server reads the same SQL the build did.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { QueryParams, Workspace } from '../node/db.ts';
import { workspace } from '../node/db.ts';

/** The screens that own SQL folders. */
export type Screen =
  'common' | 'overview' | 'keys' | 'routes' | 'functions' | 'consumers' | 'budget' | 'blast';

const texts = new Map<string, string>();

/** The text of src/queries/sql/<screen>/<name>.sql. */
export function sqlText(screen: Screen, name: string): string {
  return sqlFileText(`src/queries/sql/${screen}/${name}.sql`);
}

/** The text of a SQL file named by its path from the project root (a what-if's own `sql/`). */
export function sqlFileText(file: string): string {
  const path = resolve(file);
  let text = texts.get(path);
  if (text === undefined) {
    text = readFileSync(path, 'utf8');
    texts.set(path, text);
  }
  return text;
}

// Results per open workspace. The file behind a workspace never changes while it is open (the
// simulator replaces it by rename and db.ts then opens a new workspace), so a result read once
// stays true for that workspace: a build reads each list once for all its pages, and a
// per-request server pays for a query once per workspace file.
const results = new WeakMap<Workspace, Map<string, Promise<unknown[]>>>();

/** Runs one named query of a screen with bound `$name` parameters on the given or default workspace. */
export function runQuery<Row>(
  screen: Screen,
  name: string,
  params: QueryParams = {},
  db?: Workspace,
): Promise<Row[]> {
  return runSqlFile<Row>(`src/queries/sql/${screen}/${name}.sql`, params, db);
}

/** Runs the SQL file at `file` (from the project root) with bound `$name` parameters. */
export async function runSqlFile<Row>(
  file: string,
  params: QueryParams = {},
  db?: Workspace,
): Promise<Row[]> {
  const ws = db ?? (await workspace());
  let cached = results.get(ws);
  if (!cached) {
    cached = new Map();
    results.set(ws, cached);
  }
  const key = `${file}?${JSON.stringify(params)}`;
  let result = cached.get(key);
  if (!result) {
    result = ws.query<Row>(sqlFileText(file), Object.keys(params).length > 0 ? params : undefined);
    result.catch(() => cached.delete(key));
    cached.set(key, result);
  }
  return result as Promise<Row[]>;
}

/** Runs a query that must return exactly one row (e.g. a one-row view), failing loudly otherwise. */
export function runOne<Row>(
  screen: Screen,
  name: string,
  params: QueryParams = {},
  db?: Workspace,
): Promise<Row> {
  return runSqlFileOne<Row>(`src/queries/sql/${screen}/${name}.sql`, params, db);
}

/** Runs the SQL file at `file` that must return exactly one row, failing loudly otherwise. */
export async function runSqlFileOne<Row>(
  file: string,
  params: QueryParams = {},
  db?: Workspace,
): Promise<Row> {
  const rows = await runSqlFile<Row>(file, params, db);
  if (rows.length !== 1 || rows[0] === undefined) {
    throw new Error(`query ${file} returned ${rows.length} rows, expected 1`);
  }
  return rows[0];
}
