// What `npm pack` ships for @estate-console/mocks: built files only, within the size budget, a
// manifest shaped like msw's own (exports with types per entry, msw as a peer, zod the one
// dependency), imports of nothing but msw and zod, and no key but the published demo key.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { defaultConfig } from '../../../simulator/config.ts';
import { buildWorld } from '../../../simulator/world/index.ts';
import { sha256Hex } from '../../../src/api/orders/auth.ts';
import { demoSandboxKey } from '../../../src/mocks/demo-key.ts';
import { minimumNode } from '../../../src/mocks/runtime.ts';

/** The size budget of the packed tarball (bytes). */
const tarballBudget = 200 * 1024;

interface Manifest {
  private?: boolean;
  exports: Record<string, string | Record<string, string | null>>;
  files: string[];
  sideEffects: boolean;
  engines: { node: string };
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
}

const packed = inject('mocksPacked');
let root: string;
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const manifest = () => JSON.parse(read('package.json')) as Manifest;
const built = () => packed.files.filter((f) => f.startsWith('dist/'));

/** The module specifiers a built file imports (static, dynamic and type imports). */
const specifiers = (text: string) =>
  [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1] ?? '');

/** The built files a module reaches through relative imports. */
function reachable(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const s of specifiers(read(file))) if (s.startsWith('.')) reachable(join(dirname(file), s), seen);
  return seen;
}

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'estate-mocks-unpacked-'));
  execFileSync('tar', ['-xzf', packed.tarball, '-C', dir]);
  root = join(dir, 'package');
});
afterAll(() => rmSync(resolve(root, '..'), { recursive: true, force: true }));

describe('the packed tarball', () => {
  it(`is within the ${tarballBudget / 1024} KB budget`, () => {
    expect(packed.size).toBeLessThanOrEqual(tarballBudget);
  });

  it('holds the manifest, the README, the license and built JavaScript with its declarations, nothing else', () => {
    expect(packed.files.filter((f) => !f.startsWith('dist/'))).toEqual([
      'LICENSE',
      'README.md',
      'package.json',
    ]);
    const js = built().filter((f) => f.endsWith('.js'));
    expect(built().filter((f) => !/\.(js|d\.ts)$/.test(f))).toEqual([]);
    expect(built().filter((f) => f.endsWith('.d.ts'))).toEqual(js.map((f) => f.replace(/\.js$/, '.d.ts')));
  });
});

describe('the manifest', () => {
  it('is publishable, side-effect free, and lists what ships', () => {
    expect(manifest()).toMatchObject({ sideEffects: false, files: ['dist', 'README.md', 'LICENSE'] });
    expect(manifest().private).toBeUndefined();
  });

  it('states its license and publishes publicly with provenance', () => {
    expect(manifest()).toMatchObject({
      license: 'MIT',
      publishConfig: { access: 'public', provenance: true },
    });
  });

  it.each([
    ['.', 'mocks/index', {}],
    ['./node', 'mocks/node', { browser: null }],
    ['./browser', 'mocks/browser', { node: null }],
  ])('exports %s with its types first, then its JavaScript', (entry, file, conditions) => {
    const exported = manifest().exports[entry] as Record<string, string | null>;
    expect(exported).toEqual({ types: `./dist/${file}.d.ts`, ...conditions, default: `./dist/${file}.js` });
    expect(Object.keys(exported)[0]).toBe('types');
    expect(packed.files).toContain(`dist/${file}.js`);
    expect(packed.files).toContain(`dist/${file}.d.ts`);
  });

  it('needs zod, as the repo does, and takes msw from the app: 2.15+ or 3', () => {
    const rootManifest = JSON.parse(readFileSync('package.json', 'utf8')) as Manifest;
    expect(manifest().dependencies).toEqual({ zod: rootManifest.dependencies.zod });
    expect(manifest().peerDependencies).toEqual({ msw: '^2.15.0 || ^3.0.0' });
  });

  it('states the oldest Node the runtime check accepts', () => {
    expect(manifest().engines).toEqual({ node: `>=${minimumNode.replace(/\.0\.0$/, '')}` });
  });
});

describe('the built code', () => {
  it('imports nothing but msw and zod outside itself; msw/node only from the node entry', () => {
    const bare = new Map<string, string[]>();
    for (const file of built()) {
      for (const s of specifiers(read(file)).filter((s) => !s.startsWith('.'))) {
        bare.set(s, [...(bare.get(s) ?? []), file.replace(/\.d\.ts$|\.js$/, '')]);
      }
    }
    expect([...bare.keys()].sort()).toEqual(['msw', 'msw/browser', 'msw/node', 'zod']);
    expect(new Set(bare.get('msw/node'))).toEqual(new Set(['dist/mocks/node']));
    expect(new Set(bare.get('msw/browser'))).toEqual(new Set(['dist/mocks/browser']));
  });

  it('holds the published demo key and no other key, by value or by hash', async () => {
    const world = buildWorld(defaultConfig);
    const otherHashes = await Promise.all(
      world.keys.filter((k) => k.material !== demoSandboxKey()).map((k) => sha256Hex(k.material)),
    );
    const text = built()
      .map((f) => read(f))
      .join('\n');
    expect([...text.matchAll(/sk_(live|test|stg)_[0-9A-Za-z]{24}/g)].map((m) => m[0])).toEqual([
      demoSandboxKey(),
    ]);
    expect(read('dist/mocks/demo-key.js')).toContain(demoSandboxKey());
    expect(otherHashes.filter((hash) => text.includes(hash))).toEqual([]);
  });

  it('keeps the key value out of the browser entry', () => {
    const files = [...reachable('dist/mocks/browser.js')];
    expect(files).toContain('dist/api/orders/handler.js');
    expect(files.filter((f) => /demo-key|mocks\/node|mocks\/index/.test(f))).toEqual([]);
  });
});
