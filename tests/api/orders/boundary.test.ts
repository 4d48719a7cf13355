// The boundary of the contract core: src/api/orders imports neither Astro, MSW nor node:*, and
// the Fetch adapter stays browser-safe, so the same code runs on the server, in MSW and in a browser.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1] ?? '');

const core = readdirSync('src/api/orders')
  .filter((f) => f.endsWith('.ts'))
  .map((f) => join('src/api/orders', f));

describe('contract core boundary', () => {
  it.each([...core, 'src/api/http/fetch.ts'])('%s imports no transport and no node built-in', (file) => {
    const forbidden = importsOf(file).filter((spec) => /^(astro|msw|node:|@astrojs\/)/.test(spec));
    expect(forbidden).toEqual([]);
  });
});
