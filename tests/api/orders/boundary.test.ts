// The boundaries of the API: src/api/orders imports neither Astro, MSW nor node:*, and the Fetch
// adapter stays browser-safe, so the same code runs on the server, in MSW and in a browser; and no
// page imports the server (one API runtime per process, started by the server, never by a page).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const importsOf = (file: string) =>
  [
    ...readFileSync(file, 'utf8').matchAll(/^\s*import[^'"]*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]/gm),
  ].map((m) => m[1] ?? m[2] ?? '');

const filesUnder = (dir: string, pattern: RegExp): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => pattern.test(f))
    .map((f) => join(dir, f));

describe('contract core boundary', () => {
  it.each([...filesUnder('src/api/orders', /\.ts$/), 'src/api/http/fetch.ts'])(
    '%s imports no transport and no node built-in',
    (file) => {
      const forbidden = importsOf(file).filter((spec) => /^(astro|msw|node:|@astrojs\/)/.test(spec));
      expect(forbidden).toEqual([]);
    },
  );
});

describe('pages', () => {
  it.each(filesUnder('src/pages', /\.(ts|astro)$/))('%s imports nothing from server/', (file) => {
    expect(importsOf(file).filter((spec) => /(^|\/)server\//.test(spec))).toEqual([]);
  });
});
