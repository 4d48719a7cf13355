// The static checks type-check each file once: astro check the .astro files its own tsconfig
// includes (tsconfig.astro-check.json), tsc every .ts file (tsconfig.json). An .astro file outside
// astro check's folders would be checked by neither.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../helpers/import-graph.ts';

/** Top-level folders no check reads: installed packages, builds, data and hidden (generated) ones. */
const skipped = /^(node_modules|dist|data|coverage|\..*)$/;

/** Every .astro file of the repository, relative to its root. */
function astroFiles(root: string): string[] {
  const entries = readdirSync(root, { withFileTypes: true });
  const folders = entries.filter((e) => e.isDirectory() && !skipped.test(e.name)).map((e) => e.name);
  const files = entries.filter((e) => e.isFile()).map((e) => e.name);
  return [...files, ...sourceFiles(root, folders)].filter((file) => file.endsWith('.astro'));
}

describe('the type checks', () => {
  const config = JSON.parse(readFileSync('tsconfig.astro-check.json', 'utf8')) as { include: string[] };

  it('have astro check include every .astro file of the repository', () => {
    const files = astroFiles(process.cwd());
    expect(files.length).toBeGreaterThan(50);
    const included = config.include
      .filter((pattern) => pattern.endsWith('/**/*.astro'))
      .map((pattern) => pattern.slice(0, -'**/*.astro'.length));
    expect(files.filter((file) => !included.some((folder) => file.startsWith(folder)))).toEqual([]);
  });

  it('run astro check on its own tsconfig and tsc on the whole one in npm test and npm run check', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
      .scripts;
    for (const name of ['test', 'check']) {
      expect(scripts[name]).toContain('astro check --noSync --tsconfig tsconfig.astro-check.json');
      expect(scripts[name]).toContain('tsc --noEmit');
    }
  });
});
