// The what-ifs' browser boundary: each what-if folder (src/what-if/<kind>/) holds node-only code
// (query.ts reads DuckDB; index.ts gathers the queries) beside browser-safe code (outcome.ts,
// present.ts, the island), and the island ships to the browser. No browser-safe file may reach,
// through any chain of imports, a node: module, DuckDB, or the module that opens the workspace.
import { describe, expect, it } from 'vitest';
import {
  importGraph,
  packageImports,
  reachable,
  sourceFiles,
  type ImportGraph,
} from '../helpers/import-graph.ts';

const root = process.cwd();
const nodeOnlyPackage = /^(node:|@duckdb\/)/;
const nodeOnlyFiles = new Set(['src/node/db.ts', 'src/queries/sql-file.ts']);

/** The files under src/what-if/ that run in the browser: every .ts but the node-side queries. */
const isBrowserSafe = (file: string) =>
  file.startsWith('src/what-if/') && file.endsWith('.ts') && !/\/(query|index)\.ts$/.test(file);

/** What a browser-safe file reaches that the browser cannot run, as "file: import" lines. */
function violations(graph: ImportGraph, from: string, imports: (file: string) => string[]): string[] {
  return reachable(graph, from).flatMap((file) => [
    ...(nodeOnlyFiles.has(file) ? [`${file}: node-only module`] : []),
    ...imports(file)
      .filter((name) => nodeOnlyPackage.test(name))
      .map((name) => `${file}: ${name}`),
  ]);
}

describe('violations', () => {
  // a synthetic graph: island → present → outcome is clean; island → query → db is not
  const graph: ImportGraph = new Map([
    ['island.ts', ['present.ts']],
    ['present.ts', ['outcome.ts']],
    ['outcome.ts', []],
    ['bad-present.ts', ['query.ts']],
    ['query.ts', ['src/node/db.ts']],
    ['src/node/db.ts', []],
  ]);
  const imports = (file: string) =>
    ({ 'src/node/db.ts': ['@duckdb/node-api', 'node:fs'], 'query.ts': ['zod'] })[file] ?? [];

  it.each<[string, string, string[]]>([
    ['a clean chain', 'island.ts', []],
    [
      'a chain reaching DuckDB two imports away',
      'bad-present.ts',
      ['src/node/db.ts: node-only module', 'src/node/db.ts: @duckdb/node-api', 'src/node/db.ts: node:fs'],
    ],
  ])('%s', (_name, from, expected) => {
    expect(violations(graph, from, imports)).toEqual(expected);
  });
});

describe('src/what-if/', () => {
  const files = sourceFiles(root, ['src', 'server']);
  const graph = importGraph(root, files);
  const browserSafe = files.filter(isBrowserSafe);

  it('has the island and each what-if’s outcome and presentation on the browser side', () => {
    expect(browserSafe).toContain('src/what-if/island.ts');
    for (const kind of ['throttle', 'rotate', 'retire', 'change']) {
      expect(browserSafe).toContain(`src/what-if/${kind}/outcome.ts`);
      expect(browserSafe).toContain(`src/what-if/${kind}/present.ts`);
    }
  });

  it.each(browserSafe)('%s reaches no node: module and no DuckDB', (file) => {
    expect(violations(graph, file, (f) => packageImports(root, f))).toEqual([]);
  });
});
