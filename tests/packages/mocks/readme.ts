// The package README's examples as files: each code block whose first line is a comment naming a
// file (`// vitest.setup.ts`) is that file, as a user would copy it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageDir } from '../../../harness/pack-mocks.ts';

/** The package README's text. */
export const packageReadme = readFileSync(join(packageDir, 'README.md'), 'utf8');

/** Every fenced code block of a Markdown text: its language and its code. */
export function codeBlocks(markdown: string): { lang: string; code: string }[] {
  return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({
    lang: m[1] ?? '',
    code: m[2] ?? '',
  }));
}

/** The README's example files by path (`src/orders.test.ts` → its code). */
export function readmeFiles(markdown = packageReadme): Map<string, string> {
  const files = new Map<string, string>();
  for (const { code } of codeBlocks(markdown)) {
    const path = /^\/\/ ([\w./-]+\.(?:ts|mts|js|mjs))\n/.exec(code)?.[1];
    if (path) files.set(path, code);
  }
  return files;
}
