// `npm run export -- --out DIR [--file FILE]`: writes every table of the workspace, every measure
// view (v_*) and every live view (src/node/live-views.ts) as Parquet: facts (tables with a `day`
// column) as Hive-style partitions `DIR/<table>/day=YYYY-MM-DD/*.parquet`, the rest as
// `DIR/<name>.parquet`. Timestamps (UTC in the workspace) go out as UTC instants (TIMESTAMPTZ).
// Read-only on the workspace, so it runs beside the server. Key hashes are never exported.
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { existingWorkspaceFile, runCli, UsageError, type CliSpec } from '../scripts/lib/cli-args.ts';
import { openWorkspace, type Workspace } from '../src/node/db.ts';
import { defaultDataFile } from '../src/node/data-file.ts';
import { applyLiveViews, liveViews } from '../src/node/live-views.ts';

/** One exported table or live view: where it went and how many rows it holds. */
export interface ExportedTable {
  table: string;
  path: string;
  partitioned: boolean;
  rows: number;
  /** Rows without a `day` (partitioned tables only): written to `day=__HIVE_DEFAULT_PARTITION__`. */
  rowsWithoutDay: number;
}

/** Columns never exported: analysts have no use for a key's hash, and it is better kept in one place. */
export const unexportedColumns = ['key_hash_sha256'] as const;

/** The partition folder DuckDB (like Hive and Spark) writes rows with a null partition key to. */
export const nullPartition = 'day=__HIVE_DEFAULT_PARTITION__';

// COPY takes its target as a literal, so the path is quoted here; names come from the catalog.
const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;
const identifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** A relation to export: a base table or measure view of the workspace, or a live view. */
interface Source {
  name: string;
  columns: string[];
  types: string[];
}

/** A column as exported: a naive timestamp (UTC by the workspace's convention) as a UTC instant. */
const exportedColumn = (column: string, type: string): string =>
  type === 'TIMESTAMP'
    ? `timezone('UTC', ${identifier(column)}) as ${identifier(column)}`
    : identifier(column);

/** Exports every base table, measure view and live view of a workspace into `outDir` (replacing what was there). */
export async function exportParquet(
  workspace: Workspace,
  outDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ExportedTable[]> {
  mkdirSync(outDir, { recursive: true });
  await applyLiveViews(workspace, env);
  const live = new Set(liveViews.map((v) => v.name));
  const relations = await workspace.query<Source & { catalog: string; type: string }>(
    `select t.table_name as name, t.table_catalog as catalog, t.table_type as type,
            list(c.column_name order by c.ordinal_position) as columns,
            list(c.data_type order by c.ordinal_position) as types
     from information_schema.tables t
     join information_schema.columns c using (table_catalog, table_schema, table_name)
     where t.table_schema = 'main'
     group by all order by name`,
  );
  const sources = relations.filter((r) =>
    r.catalog === 'temp' ? live.has(r.name) : r.type === 'BASE TABLE' || r.type === 'VIEW',
  );
  const exported: ExportedTable[] = [];
  for (const { name, columns, types, type } of sources) {
    // measure views are small and read whole: one file each, beside the tables
    const partitioned = type === 'BASE TABLE' && columns.includes('day');
    const path = join(outDir, partitioned ? name : `${name}.parquet`);
    rmSync(path, { recursive: true, force: true });
    const kept = columns
      .map((c, i) => ({ c, t: types[i] ?? '' }))
      .filter(({ c }) => !(unexportedColumns as readonly string[]).includes(c));
    const select = `select ${kept.map(({ c, t }) => exportedColumn(c, t)).join(', ')} from ${identifier(name)}`;
    const options = partitioned
      ? "(format parquet, partition_by (day), compression 'zstd')"
      : "(format parquet, compression 'zstd')";
    // COPY answers with the rows it wrote: a live view may grow while it is exported.
    const [written] = await workspace.query<{ Count: string }>(
      `copy (${select}) to ${literal(path)} ${options}`,
    );
    const [count] = partitioned
      ? await workspace.query<{ n: number }>(
          `select count(*)::integer as n from read_parquet($glob, hive_partitioning = true) where day is null`,
          { glob: join(path, '*', '*.parquet') },
        )
      : [];
    exported.push({
      table: name,
      path,
      partitioned,
      rows: Number(written?.Count ?? 0),
      rowsWithoutDay: count?.n ?? 0,
    });
  }
  return exported;
}

const spec = {
  command: 'npm run export',
  usage: `usage: npm run export -- --out DIR [--file FILE]

Writes every table and measure view of the workspace, and the live views (${liveViews.map((v) => v.name).join(', ')}), as Parquet:
facts as Hive-style partitions DIR/<table>/day=YYYY-MM-DD/*.parquet (rows without a day go to
${nullPartition}, which Spark, Trino, BigQuery and DuckDB read back as null), the rest as
DIR/<name>.parquet. Timestamps are UTC instants (TIMESTAMPTZ). Key hashes are left out.
Read-only on the workspace.
  --out    the folder to write (created; each table's old export there is replaced)
  --file   the workspace file (default: ESTATE_DATA, else data/estate.duckdb)`,
  options: { out: 'string', file: 'string' },
} satisfies CliSpec<{ out: 'string'; file: 'string' }>;

if (import.meta.main) {
  await runCli(spec, async ({ values }) => {
    if (!values.out) throw new UsageError('--out is required: the folder to write');
    const workspace = await openWorkspace(existingWorkspaceFile(values.file ?? defaultDataFile()));
    try {
      for (const t of await exportParquet(workspace, resolve(values.out))) {
        const where = t.partitioned ? `${t.path}/day=*/` : t.path;
        const note = t.rowsWithoutDay > 0 ? ` (${t.rowsWithoutDay} without a day: ${nullPartition})` : '';
        console.log(`${t.table.padEnd(22)} ${String(t.rows).padStart(10)} rows → ${where}${note}`);
      }
    } finally {
      workspace.close();
    }
  });
}
