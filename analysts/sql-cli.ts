// `npm run sql -- [--format table|csv|json] [--file FILE] ["select …"]`: queries the workspace
// read-only (so it runs beside the console server), with the live views (src/node/live-views.ts)
// beside its tables and views; with no query it opens an interactive prompt.
import { createInterface } from 'node:readline/promises';
import { existingWorkspaceFile, oneOf, runCli, type CliSpec } from '../scripts/lib/cli-args.ts';
import { formatRows, formats } from './format.ts';
import { resultSet } from './sql-values.ts';
import { openWorkspace, type WorkspaceFile } from '../src/node/db.ts';
import { defaultDataFile } from '../src/node/data-file.ts';
import { applyLiveViews, liveViews } from '../src/node/live-views.ts';

const spec = {
  command: 'npm run sql',
  usage: `usage: npm run sql -- [--format table|csv|json] [--file FILE] ["select …"]

Queries the workspace file read-only; it runs beside the console server.
  --format   table (aligned, the default), csv (RFC 4180) or json (numbers exact, times ISO 8601 UTC)
  --file     the workspace file (default: ESTATE_DATA, else data/estate.duckdb)
With no query, an interactive prompt: end each query with ";", ".tables" lists tables and views.
Live views over what the running server writes: ${liveViews.map((v) => v.name).join(', ')}.
The data dictionary is data/README.md.`,
  options: { format: 'string', file: 'string' },
  maxPositionals: Infinity,
} satisfies CliSpec<{ format: 'string'; file: 'string' }>;

/** Runs one query and prints it; prints DuckDB's whole message and returns false when it fails. */
async function runQuery(
  workspace: WorkspaceFile,
  format: (typeof formats)[number],
  sql: string,
): Promise<boolean> {
  try {
    await applyLiveViews(workspace);
    console.log(formatRows(format, resultSet(await workspace.reader(sql))));
    return true;
  } catch (error) {
    console.error((error as Error).message);
    return false;
  }
}

/** The prompt: reads queries ending with ";" until end of input or ".quit". */
async function interactive(workspace: WorkspaceFile, format: (typeof formats)[number]): Promise<void> {
  const prompt = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: process.stdin.isTTY,
  });
  console.log(
    'Estate workspace (read-only). End a query with ";". ".tables" lists tables and views, ".quit" leaves.',
  );
  let buffer = '';
  // With piped input the interface closes at end of input while queries still run.
  let closed = false;
  prompt.on('close', () => (closed = true));
  prompt.setPrompt('estate> ');
  prompt.prompt();
  for await (const line of prompt) {
    const trimmed = line.trim();
    if (buffer === '' && (trimmed === '.quit' || trimmed === '.exit')) break;
    if (buffer === '' && trimmed === '.tables')
      buffer =
        'select table_name, table_type from information_schema.tables order by table_type, table_name;';
    else buffer += `${line}\n`;
    if (buffer.trimEnd().endsWith(';')) {
      await runQuery(workspace, format, buffer);
      buffer = '';
    }
    if (closed) continue;
    prompt.setPrompt(buffer === '' ? 'estate> ' : '   ...> ');
    prompt.prompt();
  }
  prompt.close();
}

await runCli(spec, async ({ values, positionals }) => {
  const format = oneOf('format', values.format ?? 'table', formats);
  const workspace = await openWorkspace(existingWorkspaceFile(values.file ?? defaultDataFile()));
  try {
    if (positionals.length === 0) await interactive(workspace, format);
    else if (!(await runQuery(workspace, format, positionals.join(' ')))) process.exitCode = 1;
  } finally {
    workspace.close();
  }
});
