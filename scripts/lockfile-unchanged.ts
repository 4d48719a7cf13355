// CI's lockfile check, run right after `npm install`: the committed package-lock.json must be what
// npm writes on a clean checkout, so a fresh install leaves the tree clean. Exit 0 when it is
// unchanged; otherwise one line saying why on stderr, the size of the rewrite, and exit 1.
import { spawnSync } from 'node:child_process';

const lockfile = 'package-lock.json';
const diff = spawnSync('git', ['diff', '--exit-code', '--stat', '--', lockfile], { encoding: 'utf8' });

if (diff.status === 0) process.exit(0);
if (diff.status === 1) {
  process.stderr.write(
    `npm install rewrote ${lockfile}: the committed lockfile is not what npm writes on a clean checkout. ` +
      `Run npm install on a clean checkout and commit ${lockfile} as it leaves it.\n${diff.stdout}`,
  );
} else {
  process.stderr.write(`could not compare ${lockfile} with git: ${diff.stderr || diff.error?.message}\n`);
}
process.exit(1);
