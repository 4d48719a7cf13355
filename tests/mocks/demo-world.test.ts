// The mocks are seeded with generated data, never with the code that derives keys from the seed;
// `npm run mocks:world` keeps that data equal to the simulator's default world.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../simulator/config.ts';
import { buildWorld } from '../../simulator/world/index.ts';
import { sha256Hex } from '../../src/api/orders/auth.ts';
import { demoSandboxKey } from '../../src/mocks/demo-key.ts';
import { demoWorld } from '../../src/mocks/demo-world.ts';
import { demoSandboxKeyId, publicWorld } from '../../src/mocks/public-world.ts';

/** Every project file a module reaches through relative imports (static and dynamic). */
function reachable(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = readFileSync(entry, 'utf8');
  for (const match of source.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
    reachable(resolve(dirname(entry), match[1] as string), seen);
  }
  return seen;
}

describe('the public demo world (src/mocks/demo-world.ts)', () => {
  it('is what `npm run mocks:world` derives from the default world now', async () => {
    expect(demoWorld).toEqual(await publicWorld(buildWorld(defaultConfig)));
  });

  it("bakes the default world's demo sandbox key value, whose hash the world carries", async () => {
    const source = buildWorld(defaultConfig).keys.find((k) => k.key_id === demoSandboxKeyId);
    expect(demoSandboxKey()).toBe(source?.material);
    expect(demoWorld.keys[0]).toMatchObject({ key_hash_sha256: await sha256Hex(demoSandboxKey()) });
  });

  it('knows only the published demo sandbox key, by its hash', () => {
    expect(demoWorld.keys.map((k) => [k.key_id, k.environment])).toEqual([[demoSandboxKeyId, 'sandbox']]);
    expect(JSON.stringify(demoWorld)).not.toMatch(/sk_(live|test|stg)_/);
  });

  it.each([
    // the package's entries (packages/mocks): main, node and browser
    'src/mocks/index.ts',
    'src/mocks/node.ts',
    // the worker the Try-it panel starts on a static deployment, and the package's browser entry
    'src/mocks/browser.ts',
    // the panel's own client code
    'src/components/try-it/api-mode.ts',
  ])('%s reaches no simulator code', (entry) => {
    const files = [...reachable(resolve(entry))].map((f) => f.slice(process.cwd().length + 1));
    expect(files).toContain(entry);
    expect(files.filter((f) => f.startsWith('simulator/'))).toEqual([]);
  });
});
