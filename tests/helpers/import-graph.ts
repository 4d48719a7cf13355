// The project's own import graph, read from source text: which project file imports which
// (static, side-effect, re-export and dynamic imports, type-only ones included), and the import
// circles in it. Packages and node: modules are not part of the graph; `packageImports` lists them.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** A module graph: each file (relative to the root) and the project files it imports. */
export type ImportGraph = Map<string, string[]>;

const sourceFile = /\.(ts|astro|mjs)$/;
const specifiers = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every source file (.ts, .astro, .mjs) under the given folders, relative to `root`. */
export function sourceFiles(root: string, folders: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (sourceFile.test(name)) files.push(relative(root, path));
    }
  };
  for (const folder of folders) walk(resolve(root, folder));
  return files.sort();
}

/** The project file a relative specifier names, or undefined when it names none (a stylesheet…). */
function resolveSpecifier(root: string, from: string, specifier: string): string | undefined {
  const base = resolve(root, dirname(from), specifier.replace(/\?.*$/, ''));
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (sourceFile.test(candidate) && existsSync(candidate)) return relative(root, candidate);
  }
  return undefined;
}

const packageSpecifiers = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'".][^'"]*)['"]/g;

/** The packages and node: modules a file imports by name (`node:fs`, `@duckdb/node-api`, `zod`). */
export function packageImports(root: string, file: string): string[] {
  const text = readFileSync(resolve(root, file), 'utf8');
  return [...new Set([...text.matchAll(packageSpecifiers)].map((m) => m[1] as string))].sort();
}

/** Every file reachable from `start` in the graph, `start` included. */
export function reachable(graph: ImportGraph, start: string): string[] {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const next of graph.get(queue.shift() as string) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return [...seen].sort();
}

/** The import graph of the given files. */
export function importGraph(root: string, files: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const text = readFileSync(resolve(root, file), 'utf8');
    const targets = new Set<string>();
    for (const match of text.matchAll(specifiers)) {
      const target = resolveSpecifier(root, file, match[1] as string);
      if (target !== undefined) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** Every import circle, each as the path that walks it ("a.ts → b.ts → a.ts"), found by Tarjan's algorithm. */
export function importCircles(graph: ImportGraph): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    if (members.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(walk(graph, members));
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return circles;
}

/** The shortest closed walk through a circle, from and back to its first member in sort order. */
function walk(graph: ImportGraph, members: string[]): string {
  const inCircle = new Set(members);
  const start = [...members].sort()[0] as string;
  const parent = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of graph.get(node) ?? []) {
      if (!inCircle.has(next) || parent.has(next)) continue;
      parent.set(next, node);
      if (next === start) queue.length = 0;
      else queue.push(next);
    }
  }
  const chain: string[] = [];
  for (let node = parent.get(start) as string; node !== start; node = parent.get(node) as string) {
    chain.unshift(node);
  }
  return [start, ...chain, start].join(' → ');
}
