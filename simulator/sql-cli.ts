// `npm run sql -- [--format table|csv|json] [--file FILE] ["select …"]`: queries the workspace
// read-only (so it runs beside the console server); with no query it opens an interactive prompt.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { openWorkspace } from '../src/lib/db.ts';
import { defaultDataFile } from '../src/lib/data-file.ts';
import { formatRows, formats, type Format, type ResultRow } from './format.ts';

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: { format: { type: 'string', default: 'table' }, file: { type: 'string' } },
  allowPositionals: true,
});
const format = values.format as Format;
if (!formats.includes(format)) {
  console.error(`--format must be one of ${formats.join(', ')}`);
  process.exit(2);
}

const workspace = await openWorkspace(values.file ?? defaultDataFile());

async function run(sql: string): Promise<string> {
  const rows = await workspace.query<ResultRow>(sql);
  return formatRows(format, rows[0] ? Object.keys(rows[0]) : [], rows);
}

if (positionals.length > 0) {
  try {
    console.log(await run(positionals.join(' ')));
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
} else {
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
      try {
        console.log(await run(buffer));
      } catch (error) {
        console.error((error as Error).message);
      }
      buffer = '';
    }
    if (closed) continue;
    prompt.setPrompt(buffer === '' ? 'estate> ' : '   ...> ');
    prompt.prompt();
  }
  prompt.close();
}
workspace.close();
