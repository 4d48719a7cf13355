// Makes sure the workspace exists and was written by the simulator as it is now: simulates the
// default demo workspace when there is none, and simulates a stale one again from its own config.
import { defaultDataFile } from '../src/node/data-file.ts';
import { workspaceState } from '../simulator/sources.ts';
import { run } from './run.ts';

const file = defaultDataFile();
const found = await workspaceState(file);
if (found.state === 'missing') {
  console.log(`No workspace at ${file}: simulating the default demo workspace.`);
  run('node', ['simulator/cli.ts', '--out', file]);
} else if (found.state === 'stale') {
  const args = found.config
    ? [
        '--seed',
        found.config.seed,
        '--as-of',
        found.config.asOf,
        '--days',
        `${found.config.days}`,
        '--scale',
        `${found.config.scale}`,
      ]
    : [];
  console.log(
    `${file} was written by older simulator code: simulating it again (${args.join(' ') || 'defaults'}).`,
  );
  run('node', ['simulator/cli.ts', ...args, '--out', file]);
}
