// The package README opens as the house style asks (install, then a three-line setup), and the
// frontend guide's examples (docs/frontend.md) are the package README's, word for word, so the consumer
// tests that run the package README's examples prove both.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { codeBlocks, packageReadme } from './readme.ts';

const rootSection = readFileSync('docs/frontend.md', 'utf8');

describe('the package README', () => {
  it('opens with the install commands that work today (the package is not on the registry), then the three-line setup', () => {
    const [install, setup] = codeBlocks(packageReadme);
    const tarball = basename(inject('mocksPacked').tarball);
    expect(install?.lang).toBe('sh');
    const commands = install?.code.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(commands).toEqual([
      'npm pack --workspace @estate-console/mocks --pack-destination /tmp',
      `npm install --save-dev /tmp/${tarball} msw`,
    ]);
    const lines = setup?.code.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toEqual([
      "import { server } from '@estate-console/mocks/node';",
      'beforeAll(() => server.listen());',
      'afterAll(() => server.close());',
    ]);
  });
});

describe('the frontend guide, docs/frontend.md', () => {
  const examples = codeBlocks(rootSection).filter((block) => block.lang !== 'sh');

  it('shows examples for vitest, Node’s test runner, a browser app and your own world', () => {
    const all = examples.map((b) => b.code).join('\n');
    for (const marker of [
      '// vitest.setup.ts',
      '// test/orders.node-test.mjs',
      '// src/main.ts',
      'customers: [',
    ]) {
      expect(all).toContain(marker);
    }
  });

  const shared = codeBlocks(rootSection);
  it.each(shared.map((b) => [b.code.split('\n')[0], b.code] as const))(
    'has the package README’s own code: %s',
    (_first, code) => {
      expect(codeBlocks(packageReadme).some((block) => block.code.includes(code))).toBe(true);
    },
  );
});
