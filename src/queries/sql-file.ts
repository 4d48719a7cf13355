// Loads the console's SQL: one file per query in src/queries/sql/<screen>/<result_name>.sql,
// read once per process. Files are resolved from the project root (the working directory of the
// build, the server and the tests), so the per-request server reads the same SQL the build did.
// Every row a query returns is checked against the query's row schema (zod) where it crosses into
// TypeScript, once per cached result: a renamed or retyped column fails loudly, naming the query
// and the column, instead of reaching a page as undefined.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
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

/** A query's row shape: every row it returns is checked against it. */
export type RowSchema = z.ZodType;

/** The rows of a query with that row schema. */
export type RowOf<S extends RowSchema> = z.output<S>;

// Each schema compiled once (zod's ahead-of-time fast path: a valid row costs a few property checks).
const compiled = new WeakMap<RowSchema, RowSchema>();

/** What one issue says about a column: missing, or what it holds instead of what was declared. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const column = `column "${issue.path.map(String).join('.')}"`;
  if (issue.code !== 'invalid_type') return `${column}: ${issue.message}`;
  if (issue.input === undefined && issue.path.length === 1) return `${column} is missing`;
  const got = issue.input === null ? 'null' : Array.isArray(issue.input) ? 'array' : typeof issue.input;
  return `${column}: expected ${issue.expected}, got ${got}`;
}

/** The rows, typed, when every one fits the schema; else an error naming the query, the row and its bad columns. */
export function checkRows<S extends RowSchema>(query: string, schema: S, rows: unknown[]): RowOf<S>[] {
  let fast = compiled.get(schema);
  if (!fast) {
    fast = z.compile(schema);
    compiled.set(schema, fast);
  }
  for (let i = 0; i < rows.length; i++) {
    if (fast.safeParse(rows[i]).success) continue;
    const { error } = schema.safeParse(rows[i], { reportInput: true });
    const issues = error?.issues.map(describeIssue).join('; ') ?? 'does not fit';
    throw new Error(`query ${query}, row ${i}: ${issues}`);
  }
  // The rows themselves, not zod's copies: a valid row is already its output (no transforms).
  return rows as RowOf<S>[];
}

/** Runs one named query of a screen with bound `$name` parameters on the given or default workspace. */
export function runQuery<S extends RowSchema>(
  row: S,
  screen: Screen,
  name: string,
  params: QueryParams = {},
  db?: Workspace,
): Promise<RowOf<S>[]> {
  return runSqlFile(row, `src/queries/sql/${screen}/${name}.sql`, params, db);
}

/** Runs the SQL file at `file` (from the project root) with bound `$name` parameters, rows checked. */
export async function runSqlFile<S extends RowSchema>(
  row: S,
  file: string,
  params: QueryParams = {},
  db?: Workspace,
): Promise<RowOf<S>[]> {
  const ws = db ?? (await workspace());
  let cached = results.get(ws);
  if (!cached) {
    cached = new Map();
    results.set(ws, cached);
  }
  const key = `${file}?${JSON.stringify(params)}`;
  let result = cached.get(key);
  if (!result) {
    result = ws
      .query<unknown>(sqlFileText(file), Object.keys(params).length > 0 ? params : undefined)
      .then((rows) => checkRows(file, row, rows));
    result.catch(() => cached.delete(key));
    cached.set(key, result);
  }
  return result as Promise<RowOf<S>[]>;
}

/** Runs a query that must return exactly one row (e.g. a one-row view), failing loudly otherwise. */
export function runOne<S extends RowSchema>(
  row: S,
  screen: Screen,
  name: string,
  params: QueryParams = {},
  db?: Workspace,
): Promise<RowOf<S>> {
  return runSqlFileOne(row, `src/queries/sql/${screen}/${name}.sql`, params, db);
}

/** Runs the SQL file at `file` that must return exactly one row, failing loudly otherwise. */
export async function runSqlFileOne<S extends RowSchema>(
  row: S,
  file: string,
  params: QueryParams = {},
  db?: Workspace,
): Promise<RowOf<S>> {
  const rows = await runSqlFile(row, file, params, db);
  if (rows.length !== 1 || rows[0] === undefined) {
    throw new Error(`query ${file} returned ${rows.length} rows, expected 1`);
  }
  return rows[0];
}
