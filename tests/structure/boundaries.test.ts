// Browser-safe code and node-only code live in different folders. A browser-safe module (the
// pure modules of src/lib/, the Orders API contract, the islands and their helpers in
// src/components/) never reaches, directly or through other modules, a node: module, DuckDB, a
// database client or a node-only folder; the islands ship to the browser and the contract to the
// mocks package.
import { describe, expect, it } from 'vitest';
import { importGraph, packageImports, reachable, sourceFiles } from '../helpers/import-graph.ts';

/** Folders whose modules must run in a browser. */
const browserSafe = [/^src\/lib\//, /^src\/api\/orders\//, /^src\/components\/.*\.ts$/];

/** Folders of node-only modules. */
const nodeOnly = /^(src\/node|src\/queries|server|simulator|analysts|scripts|harness|bench)\//;

/** Packages only Node can run. */
const nodePackage = /^(node:|@duckdb\/|pg$|ioredis$|fs$|path$|os$|crypto$|child_process$|msw\/node$)/;

/** Why a module breaks the boundary: the node-only modules and packages it reaches. */
function violations(root: string, folders: string[]): string[] {
  const graph = importGraph(root, sourceFiles(root, folders));
  const starts = [...graph.keys()].filter((file) => browserSafe.some((rule) => rule.test(file)));
  return starts.flatMap((start) =>
    reachable(graph, start).flatMap((file) => [
      ...(nodeOnly.test(file) ? [`${start} reaches ${file}`] : []),
      ...packageImports(root, file)
        .filter((name) => nodePackage.test(name))
        .map((name) => `${start} reaches ${name}${file === start ? '' : ` (through ${file})`}`),
    ]),
  );
}

describe('the browser-safe folders', () => {
  it('name at least the pure modules, the contract and the islands', () => {
    const files = sourceFiles(process.cwd(), ['src']);
    for (const file of [
      'src/lib/figures.ts',
      'src/api/orders/contract.ts',
      'src/components/charts/line-chart-island.ts',
    ]) {
      expect(files).toContain(file);
      expect(browserSafe.some((rule) => rule.test(file))).toBe(true);
    }
  });

  it('never reach node:, DuckDB, a database client or a node-only folder', () => {
    expect(violations(process.cwd(), ['src', 'server'])).toEqual([]);
  });
});

describe('the test suite', () => {
  it('is imported by no script, benchmark or harness: what they share with tests lives in harness/', () => {
    const root = process.cwd();
    const folders = ['src', 'server', 'simulator', 'analysts', 'scripts', 'bench', 'harness'];
    const graph = importGraph(root, sourceFiles(root, folders));
    const intoTests = [...graph].flatMap(([file, targets]) =>
      targets.filter((target) => target.startsWith('tests/')).map((target) => `${file} imports ${target}`),
    );
    expect(intoTests).toEqual([]);
  });
});
