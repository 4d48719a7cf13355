// npm run mocks:release: packs @estate-console/mocks (its prepack builds dist/), runs the package
// tests on that very tarball (scratch consumers install it, as users will), then hands it to
// `npm publish` with provenance: a dry run by default; `--publish` publishes, in CI only.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packMocks } from '../harness/pack-mocks.ts';
import { publishArgs } from './lib/mocks-release.ts';
import { runCli } from './lib/cli-args.ts';

const usage = `Usage: npm run mocks:release [-- --publish]

Packs packages/mocks, runs the package tests on the tarball, then runs
npm publish <tarball> --access public --provenance --dry-run.
  --publish   publish for real: only in CI on GitHub Actions (provenance needs its identity)`;

await runCli({ command: 'npm run mocks:release', usage, options: { publish: 'boolean' } }, ({ values }) => {
  const request = { publish: values.publish === true, env: process.env };
  publishArgs('', request); // a refused --publish fails before the slow part
  const packed = packMocks(mkdtempSync(join(tmpdir(), 'estate-mocks-release-')));
  console.log(`Packed ${packed.tarball} (${packed.files.length} files, ${packed.size} bytes)`);
  const tests = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', 'package'],
    { stdio: 'inherit', env: { ...process.env, CI: 'true', ESTATE_MOCKS_TARBALL: packed.tarball } },
  );
  if (tests.status !== 0) throw new Error(`the package tests failed on ${packed.tarball}; nothing published`);
  const args = publishArgs(packed.tarball, request);
  const publish = spawnSync('npm', args, { stdio: 'inherit' });
  if (publish.status !== 0) throw new Error(`npm ${args.join(' ')} failed`);
});
