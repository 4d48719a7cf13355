// The package README's example files are named for the runner that runs them: Vitest's default
// include collects the Vitest examples and none of the `node:test` ones (it failed
// `test/orders.test.mjs` with "No test suite found").
import { configDefaults } from 'vitest/config';
import { describe, expect, it } from 'vitest';
import { readmeFiles } from '../packages/mocks/readme.ts';

/** Vitest's default include, `**\/*.{test,spec}.?(c|m)[jt]s?(x)`, as a test on a file name. */
const collectedByVitest = (path: string) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(path);

describe('collectedByVitest', () => {
  it('is the default include of the installed Vitest', () => {
    expect(configDefaults.include).toEqual(['**/*.{test,spec}.?(c|m)[jt]s?(x)']);
  });

  it.each([
    ['src/orders.test.ts', true],
    ['test/orders.test.mjs', true],
    ['test/orders.spec.cjs', true],
    ['test/orders.node-test.mjs', false],
    ['vitest.setup.ts', false],
  ])('%s → %s', (path, expected) => expect(collectedByVitest(path)).toBe(expected));
});

describe('the package README’s examples', () => {
  const examples = [...readmeFiles()];

  it.each(examples.filter(([, code]) => code.includes("from 'node:test'")))(
    '%s (node:test) is not collected by Vitest',
    (path) => expect(collectedByVitest(path)).toBe(false),
  );

  it.each(examples.filter(([, code]) => code.includes("from 'vitest'") && !code.includes('setup')))(
    '%s (vitest) is collected by Vitest',
    (path) => expect(collectedByVitest(path)).toBe(true),
  );
});
