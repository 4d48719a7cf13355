// Every table in the project's Markdown docs has a header row: a delimiter row (|---|---|) right
// under a row of column names, never a delimiter row that opens a table on its own.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const delimiter = /^\|(\s*:?-+:?\s*\|)+\s*$/;
const row = /^\|.*\|\s*$/;

/** Line numbers (1-based) of delimiter rows with no header row above them. */
function headerlessTables(text: string): number[] {
  const lines = text.split('\n');
  return lines.flatMap((line, i) => {
    if (!delimiter.test(line)) return [];
    const above = lines[i - 1] ?? '';
    return row.test(above) && !delimiter.test(above) ? [] : [i + 1];
  });
}

describe('headerlessTables', () => {
  it.each([
    ['| a | b |\n|---|---|\n| 1 | 2 |', []], // a header, its delimiter, a row
    ['Text:\n\n|---|---|\n| 1 | 2 |', [3]], // a delimiter opening the table
    ['| a |\n| --- |\n\n| --- |\n| 1 |', [4]], // the second table lacks its header
  ])('%j → %j', (text, expected) => expect(headerlessTables(text)).toEqual(expected));
});

const docs = ['README.md', 'data/README.md', 'packages/mocks/README.md'].concat(
  readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
);

describe.each(docs)('%s', (file) => {
  it('gives every table a header row', () => {
    expect(headerlessTables(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
