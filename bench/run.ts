// `npm run bench`: runs every suite in bench/suites/ (or those named on the command line) and
// prints each one's figures. Suites compare against a baseline measured in the same run and
// print ratios; nothing here is a pass/fail timing test.
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

/** A benchmark suite: measures, prints its own table, and returns nothing. */
export interface BenchSuite {
  name: string;
  run(): Promise<void>;
}

const only = process.argv.slice(2);
const files = readdirSync('bench/suites')
  .filter((f) => f.endsWith('.ts'))
  .sort()
  .filter((f) => only.length === 0 || only.some((name) => f.includes(name)));

for (const file of files) {
  const { suite } = (await import(pathToFileURL(resolve('bench/suites', file)).href)) as {
    suite: BenchSuite;
  };
  console.log(`\n## ${suite.name}\n`);
  await suite.run();
}
