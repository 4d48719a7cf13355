// `npm run sql -- [--format table|csv|json] [--file FILE] ["select …"]`: queries the workspace
// read-only (so it runs beside the console server); with no query it opens an interactive prompt.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
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

// Opened like src/lib/db.ts (READ_ONLY), keeping column order and names for the output.
const instance = await DuckDBInstance.create(values.file ?? defaultDataFile(), { access_mode: 'READ_ONLY' });
const connection = await instance.connect();

async function run(sql: string): Promise<string> {
  const reader = await connection.runAndReadAll(sql);
  return formatRows(format, reader.columnNames(), reader.getRowObjectsJson());
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
    prompt.setPrompt(buffer === '' ? 'estate> ' : '   ...> ');
    prompt.prompt();
  }
  prompt.close();
}
connection.closeSync();
instance.closeSync();
