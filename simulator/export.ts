// `npm run export -- --out DIR [--file FILE]`: writes every table of the workspace as Parquet,
// facts (tables with a `day` column) as Hive-style partitions `DIR/<table>/day=YYYY-MM-DD/*.parquet`,
// the rest as `DIR/<table>.parquet`. Read-only on the workspace, so it runs beside the server.
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openWorkspace, type Workspace } from '../src/lib/db.ts';
import { defaultDataFile } from '../src/lib/data-file.ts';

/** One exported table: where it went and how many rows it holds. */
export interface ExportedTable {
  table: string;
  path: string;
  partitioned: boolean;
  rows: number;
}

// COPY takes its target as a literal, so the path is quoted here; table names come from the catalog.
const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;
const identifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** Exports every base table of an open workspace into `outDir` (replacing what was there). */
export async function exportParquet(workspace: Workspace, outDir: string): Promise<ExportedTable[]> {
  mkdirSync(outDir, { recursive: true });
  const tables = await workspace.query<{ table_name: string; has_day: boolean }>(
    `select t.table_name,
            exists (select 1 from information_schema.columns c
                    where c.table_name = t.table_name and c.column_name = 'day') as has_day
     from information_schema.tables t
     where t.table_type = 'BASE TABLE' and t.table_schema = 'main'
     order by t.table_name`,
  );
  const exported: ExportedTable[] = [];
  for (const { table_name: table, has_day: partitioned } of tables) {
    const path = join(outDir, partitioned ? table : `${table}.parquet`);
    rmSync(path, { recursive: true, force: true });
    const options = partitioned
      ? "(format parquet, partition_by (day), compression 'zstd')"
      : "(format parquet, compression 'zstd')";
    await workspace.query(`copy (select * from ${identifier(table)}) to ${literal(path)} ${options}`);
    const [count] = await workspace.query<{ n: number }>(
      `select count(*)::integer as n from ${identifier(table)}`,
    );
    exported.push({ table, path, partitioned, rows: count?.n ?? 0 });
  }
  return exported;
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { out: { type: 'string' }, file: { type: 'string' } },
  });
  if (!values.out) {
    console.error('usage: npm run export -- --out DIR [--file data/estate.duckdb]');
    process.exit(2);
  }
  const workspace = await openWorkspace(values.file ?? defaultDataFile());
  try {
    for (const t of await exportParquet(workspace, resolve(values.out))) {
      console.log(
        `${t.table.padEnd(22)} ${String(t.rows).padStart(10)} rows → ${t.path}${t.partitioned ? '/day=*/' : ''}`,
      );
    }
  } finally {
    workspace.close();
  }
}
