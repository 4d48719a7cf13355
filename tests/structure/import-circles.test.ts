// No module of src/ or server/ imports itself, directly or through others: layers stay layers.
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, sourceFiles, type ImportGraph } from '../helpers/import-graph.ts';

describe('importCircles', () => {
  it.each<[string, [string, string[]][], string[]]>([
    // a chain has no circle
    [
      'a chain',
      [
        ['a', ['b']],
        ['b', ['c']],
        ['c', []],
      ],
      [],
    ],
    // the circle of issue 18: functions → routes → keys → routes
    [
      'a circle behind an entry',
      [
        ['functions', ['routes']],
        ['routes', ['keys']],
        ['keys', ['routes']],
      ],
      ['keys → routes → keys'],
    ],
    // a module importing itself
    ['a self-import', [['a', ['a']]], ['a → a']],
    // two separate circles are both reported
    [
      'two circles',
      [
        ['a', ['b']],
        ['b', ['c']],
        ['c', ['a']],
        ['x', ['y']],
        ['y', ['x']],
      ],
      ['a → b → c → a', 'x → y → x'],
    ],
  ])('%s', (_name, edges, expected) => {
    const graph: ImportGraph = new Map(edges);
    expect(importCircles(graph).sort()).toEqual(expected);
  });
});

describe('the project', () => {
  const files = sourceFiles(process.cwd(), ['src', 'server']);

  it('reads the imports of .ts and .astro files', () => {
    const graph = importGraph(process.cwd(), files);
    expect(graph.get('src/pages/app/api/keys.astro')).toContain('src/queries/keys.ts');
    expect(graph.get('src/queries/keys.ts')).toContain('src/queries/rows.ts');
  });

  it('has no import circle in src/ or server/', () => {
    expect(importCircles(importGraph(process.cwd(), files))).toEqual([]);
  });
});
