// The management module's boundary (docs/management-api.md): src/manage imports no framework
// (Astro, MSW), no node: module and nothing of server/, so the HTTP API, the CLI and the console
// all run the same code.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .ts file under a folder. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('src/manage', () => {
  it.each(files('src/manage'))('%s imports no framework, node: module or server/', (file) => {
    const imports = [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1] ?? '');
    expect(imports.filter((i) => /^(astro|msw|node:|@astrojs)|\/server\//.test(i))).toEqual([]);
  });
});
