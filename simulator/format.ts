// Formats query results for `npm run sql`: an aligned table, CSV or JSON.

/** A result row as JSON-safe values. */
export type ResultRow = Record<string, unknown>;

/** Output formats of `npm run sql`. */
export const formats = ['table', 'csv', 'json'] as const;
/** One of the output formats. */
export type Format = (typeof formats)[number];

const text = (value: unknown): string =>
  value === null || value === undefined ? 'NULL' : typeof value === 'string' ? value : JSON.stringify(value);

/** An aligned text table: numbers right-aligned, a rule under the header, a row count below. */
export function formatTable(columns: readonly string[], rows: readonly ResultRow[]): string {
  const cells = rows.map((row) => columns.map((c) => text(row[c])));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => (r[i] as string).length)));
  const numeric = columns.map(
    (c) => rows.length > 0 && rows.every((row) => row[c] === null || typeof row[c] === 'number'),
  );
  const line = (values: readonly string[]): string =>
    values
      .map((v, i) => (numeric[i] ? v.padStart(widths[i] as number) : v.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd();
  return [
    line(columns),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...cells.map(line),
    `(${rows.length} ${rows.length === 1 ? 'row' : 'rows'})`,
  ].join('\n');
}

const csvField = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const s = text(value);
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** RFC 4180 CSV with a header line; NULL is an empty field. */
export function formatCsv(columns: readonly string[], rows: readonly ResultRow[]): string {
  return [
    columns.map(csvField).join(','),
    ...rows.map((row) => columns.map((c) => csvField(row[c])).join(',')),
  ].join('\n');
}

/** Formats rows in the given format. */
export function formatRows(format: Format, columns: readonly string[], rows: readonly ResultRow[]): string {
  if (format === 'json') return JSON.stringify(rows, null, 2);
  return format === 'csv' ? formatCsv(columns, rows) : formatTable(columns, rows);
}
