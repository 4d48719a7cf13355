// No key material in any built page or script: no sk_live_/sk_test_/sk_stg_ value and no stored hash,
// except the published demo sandbox key: its hash, which the MSW worker's script needs to accept it,
// and its value, which the try-it panel prefills (it is public, test mode).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import { demoSandboxKey } from '../../src/mocks/demo-key.ts';
import { demoSandboxKeyId } from '../../src/mocks/public-world.ts';
import { testDist } from '../../harness/browser.ts';
import { openTestWorkspace } from './console-helpers.ts';

function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return builtFiles(path);
    return /\.(html|js|mjs|css|json)$/.test(entry.name) ? [path] : [];
  });
}

describe('built console pages', () => {
  let ws: Workspace;
  beforeAll(async () => {
    ws = await openTestWorkspace();
  });
  afterAll(() => ws.close());

  it('contain no key value and no key hash', async () => {
    const files = builtFiles(join(testDist, 'client'));
    expect(files.filter((f) => f.endsWith('.html')).length).toBeGreaterThan(10);
    const hashes = (
      await ws.query<{ h: string }>('select key_hash_sha256 as h from keys where key_id <> $demo', {
        demo: demoSandboxKeyId,
      })
    ).map((r) => r.h);
    const material = /sk_(live|test|stg)_[0-9A-Za-z]{24}/g;
    const leaks: string[] = [];
    let prefilled = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const [value] of text.matchAll(material)) {
        if (value === demoSandboxKey()) prefilled += 1;
        else leaks.push(`${file}: key material`);
      }
      for (const hash of hashes) if (text.includes(hash)) leaks.push(`${file}: hash ${hash.slice(0, 8)}…`);
    }
    expect(leaks).toEqual([]);
    expect(prefilled).toBeGreaterThan(0);
  });
});
