// Simulates the default demo workspace when data/ has none, so the console always has data.
import { existsSync } from 'node:fs';
import { defaultDataFile } from '../src/lib/data-file.ts';
import { run } from './run.ts';

const file = defaultDataFile();
if (!existsSync(file)) {
  console.log(`No workspace at ${file}: simulating the default demo workspace.`);
  run('node', ['simulator/cli.ts', '--out', file]);
}
