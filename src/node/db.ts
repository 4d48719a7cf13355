// The one place that opens the workspace DuckDB file. Everything here is read-only: the simulator
// replaces the file atomically (write elsewhere, rename), so readers never see half a file and a
// reader never blocks the simulator, the server, or an analyst's `npm run sql`.
import { statSync } from 'node:fs';
import {
  DuckDBInstance,
  type DuckDBConnection,
  type DuckDBResultReader,
  type DuckDBValue,
} from '@duckdb/node-api';
import { defaultDataFile } from './data-file.ts';

/** Values bound to `$name` parameters of a query. */
export type QueryParams = Record<string, DuckDBValue>;

/** A read-only handle on one workspace file. */
export interface Workspace {
  /** Runs parameterised SQL and returns rows as JSON-safe objects (cast counts in SQL). */
  query<Row>(sql: string, params?: QueryParams): Promise<Row[]>;
  close(): void;
}

/** A workspace file opened here, which can also hand out DuckDB's own reader. */
export interface WorkspaceFile extends Workspace {
  /** Runs SQL and returns DuckDB's reader with every row read: column types and exact values. */
  reader(sql: string, params?: QueryParams): Promise<DuckDBResultReader>;
}

/** Opens a workspace file read-only. */
export async function openWorkspace(file: string = defaultDataFile()): Promise<WorkspaceFile> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  const connection: DuckDBConnection = await instance.connect();
  // Every time in the workspace is UTC: a session in the machine's zone would compare and cast
  // them otherwise (TIMESTAMP to TIMESTAMPTZ, now() against a naive time), differently per machine.
  await connection.run("SET TimeZone = 'UTC'");
  return {
    async query<Row>(sql: string, params?: QueryParams) {
      const reader = await connection.runAndReadAll(sql, params);
      return reader.getRowObjectsJson() as Row[];
    },
    reader(sql: string, params?: QueryParams) {
      return connection.runAndReadAll(sql, params);
    },
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

interface Cached {
  identity: string;
  workspace: Promise<Workspace>;
}
const cache = new Map<string, Cached>();

/** The file's identity: a renamed-in replacement has a new inode or mtime. */
function identityOf(file: string): string {
  const stat = statSync(file);
  return `${stat.ino}:${stat.mtimeMs}`;
}

/**
 * A shared read-only workspace for the default (or given) file, reopened when the simulator has
 * replaced the file, so per-request pages show a regenerated workspace without a rebuild.
 */
export async function workspace(file: string = defaultDataFile()): Promise<Workspace> {
  const identity = identityOf(file);
  const cached = cache.get(file);
  if (cached?.identity === identity) return cached.workspace;
  const opened = openWorkspace(file);
  cache.set(file, { identity, workspace: opened });
  if (cached) void cached.workspace.then((old) => old.close());
  return opened;
}
