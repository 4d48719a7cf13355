// `npm run bench`: runs every suite in bench/suites/ (or those named on the command line) and
// prints each one's figures. Suites compare against a baseline measured in the same run and
// print ratios; nothing here is a pass/fail timing test.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { runCli, UsageError } from '../scripts/lib/cli-args.ts';

/** A benchmark suite: measures, prints its own table, and returns nothing. */
export interface BenchSuite {
  name: string;
  run(): Promise<void>;
}

/** CPU time so far from /proc/stat (Linux), in ticks: all of it, and what the hypervisor stole. */
function cpuTicks(): { total: number; steal: number } | null {
  if (!existsSync('/proc/stat')) return null;
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1);
  const ticks = fields.map(Number);
  return { total: ticks.reduce((a, b) => a + b, 0), steal: ticks[7] ?? 0 };
}

const suites = readdirSync('bench/suites')
  .filter((f) => f.endsWith('.ts'))
  .sort();
const usage = `usage: npm run bench -- [suite …]

Runs every benchmark suite, or those whose file name contains one of the names given.
Suites: ${suites.map((f) => f.replace(/\.ts$/, '')).join(', ')}.`;

await runCli(
  { command: 'npm run bench', usage, options: {}, maxPositionals: Infinity },
  async ({ positionals }) => {
    for (const name of positionals)
      if (!suites.some((f) => f.includes(name)))
        throw new UsageError(
          `no benchmark suite matches ${name}; suites: ${suites.map((f) => f.replace(/\.ts$/, '')).join(', ')}`,
        );
    const files = suites.filter(
      (f) => positionals.length === 0 || positionals.some((name) => f.includes(name)),
    );
    for (const file of files) {
      const { suite } = (await import(pathToFileURL(resolve('bench/suites', file)).href)) as {
        suite: BenchSuite;
      };
      console.log(`\n## ${suite.name}\n`);
      const before = cpuTicks();
      await suite.run();
      const after = cpuTicks();
      // On a shared VM the host can take CPU mid-run; a run with much stolen time is not comparable.
      if (before && after && after.total > before.total) {
        const stolen = ((after.steal - before.steal) / (after.total - before.total)) * 100;
        console.log(`\nCPU time stolen by the hypervisor during this suite: ${stolen.toFixed(1)}%`);
      }
    }
  },
);
