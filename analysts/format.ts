// Formats query results for `npm run sql`: an aligned table, CSV or JSON. Numbers are printed with
// every digit they have (see ./sql-values.ts); in JSON they are JSON numbers, however large.
import { ExactNumber, type Cell, type ResultColumn, type ResultSet } from './sql-values.ts';

/** Output formats of `npm run sql`. */
export const formats = ['table', 'csv', 'json'] as const;
/** One of the output formats. */
export type Format = (typeof formats)[number];

/** A cell as JSON text; `indent` spaces per level as JSON.stringify(value, null, 2) would print it. */
export function jsonText(cell: Cell, indent = 0, depth = 0): string {
  if (cell === null) return 'null';
  if (cell instanceof ExactNumber) return cell.text;
  if (typeof cell !== 'object') return JSON.stringify(cell);
  const entries: [string | null, Cell][] = Array.isArray(cell)
    ? (cell as readonly Cell[]).map((item) => [null, item])
    : Object.entries(cell);
  const [open, close] = Array.isArray(cell) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return open + close;
  const pad = indent > 0 ? `\n${' '.repeat(indent * (depth + 1))}` : '';
  const end = indent > 0 ? `\n${' '.repeat(indent * depth)}` : '';
  const items = entries.map(
    ([key, value]) =>
      `${key === null ? '' : `${JSON.stringify(key)}:${indent > 0 ? ' ' : ''}`}${jsonText(value, indent, depth + 1)}`,
  );
  return `${open}${pad}${items.join(`,${pad}`)}${end}${close}`;
}

/** A cell as text: strings as they are, numbers exact, lists and structs as compact JSON. */
const text = (cell: Cell, nullText: string): string =>
  cell === null ? nullText : typeof cell === 'string' ? cell : jsonText(cell);

/** An aligned text table: numeric columns right-aligned, a rule under the header, a row count below. */
export function formatTable(columns: readonly ResultColumn[], rows: readonly Cell[][]): string {
  const cells = rows.map((row) => row.map((cell) => text(cell, 'NULL')));
  const widths = columns.map((c, i) => Math.max(c.name.length, ...cells.map((r) => (r[i] as string).length)));
  const line = (values: readonly string[]): string =>
    values
      .map((v, i) => (columns[i]?.numeric ? v.padStart(widths[i] as number) : v.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd();
  return [
    line(columns.map((c) => c.name)),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...cells.map(line),
    `(${rows.length} ${rows.length === 1 ? 'row' : 'rows'})`,
  ].join('\n');
}

const csvField = (cell: Cell | string): string => {
  const s = typeof cell === 'string' ? cell : text(cell, '');
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** RFC 4180 CSV with a header line; NULL is an empty field. */
export function formatCsv(columns: readonly ResultColumn[], rows: readonly Cell[][]): string {
  return [
    columns.map((c) => csvField(c.name)).join(','),
    ...rows.map((row) => row.map(csvField).join(',')),
  ].join('\n');
}

/** A JSON array of one object per row, keyed by column name, indented by two spaces. */
export function formatJson(columns: readonly ResultColumn[], rows: readonly Cell[][]): string {
  const objects = rows.map((row) => Object.fromEntries(columns.map((c, i) => [c.name, row[i] ?? null])));
  return jsonText(objects, 2);
}

/** Formats a result in the given format. */
export function formatRows(format: Format, result: ResultSet): string {
  const formatter = { table: formatTable, csv: formatCsv, json: formatJson }[format];
  return formatter(result.columns, result.rows);
}
