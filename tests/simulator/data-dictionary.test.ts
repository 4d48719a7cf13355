// data/README.md is the data dictionary: every table, view and macro of a workspace has an entry
// (**`name`**) and every one of its columns is named (`column`) in that entry. A new object or
// column fails here until it is documented.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../simulator/config.ts';
import { buildWorld, DEMO_SANDBOX_KEY_ID } from '../../simulator/world/index.ts';
import { baseFixture, useFixture } from '../helpers/fixture-db.ts';

const readme = readFileSync(join(import.meta.dirname, '../../data/README.md'), 'utf8');
const testModeGuide = readFileSync(join(import.meta.dirname, '../../docs/test-mode.md'), 'utf8');

/**
 * Each dictionary entry (**`name`** or **`name(args)`**) and the backticked words of its text. Heads
 * joined by words only ("**`a`** (table) and **`b`** (its view): …") share the text that follows.
 */
function entries(markdown: string): Map<string, Set<string>> {
  const heads = [...markdown.matchAll(/\*\*`([a-z_][a-z0-9_]*)(?:\([^`]*\))?`\*\*/g)];
  const words = heads.map((head, i) => {
    const end = heads[i + 1]?.index ?? markdown.length;
    const text = markdown.slice((head.index ?? 0) + head[0].length, end);
    return new Set([...text.matchAll(/`([a-z_][a-z0-9_]*)`/g)].map((m) => m[1] as string));
  });
  for (let i = words.length - 2; i >= 0; i--)
    if (words[i]?.size === 0) words[i] = words[i + 1] as Set<string>;
  return new Map(heads.map((head, i) => [head[1] as string, words[i] as Set<string>]));
}

const db = useFixture(baseFixture);

/** Every table, view and stored macro of a workspace, with its columns. */
async function workspaceObjects(): Promise<Map<string, string[]>> {
  const columns = await db().query<{ name: string; column_name: string }>(
    `select table_name as name, column_name from duckdb_columns()
     where schema_name = 'main' and not internal order by table_name, column_index`,
  );
  const objects = new Map<string, string[]>();
  for (const { name, column_name } of columns) objects.set(name, [...(objects.get(name) ?? []), column_name]);
  const macros = await db().query<{ name: string }>(
    `select distinct function_name as name from duckdb_functions()
     where function_type = 'table_macro' and schema_name = 'main' and not internal order by 1`,
  );
  for (const { name } of macros) {
    const described = await db().query<{ column_name: string }>(
      `select column_name from (describe select * from ${name}('x', 1))`,
    );
    objects.set(
      name,
      described.map((c) => c.column_name),
    );
  }
  return objects;
}

describe('data/README.md', () => {
  it('has an entry for every table, view and macro of the workspace', async () => {
    const documented = entries(readme);
    const missing = [...(await workspaceObjects()).keys()].filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
  });

  it('names every column of each in its entry', async () => {
    const documented = entries(readme);
    const missing = [...(await workspaceObjects())].flatMap(([name, columns]) =>
      columns.filter((column) => !documented.get(name)?.has(column)).map((column) => `${name}.${column}`),
    );
    expect(missing).toEqual([]);
  });

  it('finds the objects it checks (the workspace is not empty)', async () => {
    const objects = await workspaceObjects();
    expect(objects.size).toBeGreaterThan(60);
    expect(objects.get('preview_throttle_total')).toEqual(['throttled_per_day']);
  });
});

describe('the demo key’s scopes', () => {
  const scopesIn = (text: string): string[] =>
    [...text.matchAll(/`([a-z]+:(?:read|write))`/g)].map((m) => m[1] as string);

  it('are listed once, in data/README.md, exactly as the key holds them', () => {
    const entry = readme.split('\n- ').find((item) => item.startsWith('**Demo key**')) ?? '';
    const key = buildWorld(defaultConfig).keys.find((k) => k.key_id === DEMO_SANDBOX_KEY_ID);
    expect(scopesIn(entry)).toEqual(key?.scopes);
  });

  it('are referenced, not restated, where the test-mode guide introduces the key', () => {
    const paragraph = testModeGuide.split('\n\n').find((p) => p.includes('`key_demo_sandbox`')) ?? '';
    expect(paragraph).toContain('data/README.md');
    expect(scopesIn(paragraph)).toEqual([]);
  });
});
