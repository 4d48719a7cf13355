// npm test's static checks run side by side through scripts/parallel.ts: every command runs at
// once, each one's output is printed whole under its own heading, and any failure fails the run.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../simulator/simulated.ts';

const temp = tempDir();
afterAll(() => temp.cleanup());

const parallel = (...commands: string[]) =>
  spawnSync(process.execPath, ['scripts/parallel.ts', ...commands], { encoding: 'utf8' });
/** A shell command running a node script given as source. */
const node = (source: string) => `"${process.execPath}" -e ${JSON.stringify(source)}`;

describe('scripts/parallel.ts', () => {
  it('runs the commands at once: the first waits for a file only the second writes', () => {
    const file = join(temp.dir, 'written-by-the-second');
    // one line: the shell reads the source inside double quotes
    const waiter = node(
      `const fs = require('node:fs'); const until = Date.now() + 60000; ` +
        `const wait = () => fs.existsSync(${JSON.stringify(file)}) ? console.log('seen') : ` +
        `Date.now() > until ? process.exit(3) : setTimeout(wait, 20); wait();`,
    );
    const writer = node(
      `require('node:fs').writeFileSync(${JSON.stringify(file)}, 'x'); console.log('wrote')`,
    );
    const result = parallel(waiter, writer);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/: ok in [\d.]+ s\nwrote\n/);
    expect(result.stdout).toMatch(/: ok in [\d.]+ s\nseen\n/);
  });

  it('prints a failing command’s output under its heading, runs the others, and exits 1', () => {
    const result = parallel(node(`console.error('bad thing'); process.exit(4)`), node(`console.log('fine')`));
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/: failed \(exit 4\) in [\d.]+ s\nbad thing\n/);
    expect(result.stdout).toMatch(/: ok in [\d.]+ s\nfine\n/);
  });

  it('refuses to run nothing: usage on stderr, exit 2', () => {
    const result = parallel();
    expect(result.stderr).toMatch(/^usage: node scripts\/parallel.ts/);
    expect(result.status).toBe(2);
  });
});
